// The migrator: versioned schema migrations (api/migrations) once each, in order, then the
// database functions (api/sql/functions) whose files changed since they were last applied.
import type { Db, Queryable } from './queryable';
import type { Logger } from '../logger';
import { FUNCTIONS_DIR, readFunctionFiles, readMigrations } from './migration-files';
import type { FunctionFile, Migration } from './migration-files';
import { RELEASED_CHECKSUMS } from './released-checksums';

export { FUNCTIONS_DIR, MIGRATIONS_DIR, readFunctionFiles, readMigrations, statementChecksum } from './migration-files';
export type { FunctionFile, Migration } from './migration-files';

/** pg_advisory_lock key shared by every process that migrates this database. */
const MIGRATION_LOCK = 727_001;

export interface MigrateOptions {
  /** Versioned migrations; default api/migrations. */
  dir?: string;
  /** Function files; default api/sql/functions; null for none. */
  functionsDir?: string | null;
  logger?: Logger;
}

interface Recorded {
  name: string;
  checksum: string;
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction, then,
 * in one transaction, every function file whose checksum differs from the one recorded in
 * schema_functions. An advisory lock serialises processes starting at once; running it again
 * changes nothing. A recorded migration whose statements changed afterwards stops the start.
 *
 * A squashed migration (`-- replaces: ...`) stands for the versions it lists: a database that has
 * recorded all of them has its schema already, and the squashed one is recorded without running;
 * a database that has some of them only is refused.
 *
 * Returns what it applied: migrations as `0001_name`, function files as `functions/01_name`.
 */
export async function migrate(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = await readMigrations(options.dir);
  const functionsDir = options.functionsDir === undefined ? FUNCTIONS_DIR : options.functionsDir;
  const functions = functionsDir === null ? [] : await readFunctionFiles(functionsDir);
  return db.withClient(async (client) => {
    // Waiting for another process's migrations, or building an index, takes as long as it takes:
    // not the API's lock_timeout and statement_timeout (restored below for the pool's next user).
    await client.query('SET lock_timeout = 0; SET statement_timeout = 0');
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const done = await applyMigrations(client, migrations, options.logger);
      if (functions.length > 0) done.push(...(await applyFunctions(client, functions, options.logger)));
      return done;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await client.query('RESET lock_timeout; RESET statement_timeout').catch(() => undefined);
    }
  });
}

async function inTransaction(client: Queryable, what: string, fn: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new Error(`${what} failed: ${(err as Error).message}`, { cause: err });
  }
}

async function applyMigrations(client: Queryable, migrations: Migration[], logger: Logger | undefined): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ version: string } & Recorded>('SELECT version, name, checksum FROM schema_migrations');
  const applied = new Map<string, Recorded>(rows.map((r) => [r.version, { name: r.name, checksum: r.checksum }]));
  const done: string[] = [];
  for (const m of migrations) {
    const label = `${m.version}_${m.name}`;
    const recorded = applied.get(m.version);
    if (recorded !== undefined) {
      await checkRecorded(client, m, recorded);
      continue;
    }
    if (m.replaces.length > 0 && squashedAlreadyApplied(m, applied)) {
      await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
      logger?.info({ migration: label, replaces: m.replaces }, 'squashed migration recorded: the database has the migrations it replaces');
      continue;
    }
    await inTransaction(client, `Migration ${label}`, async () => {
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
    });
    logger?.info({ migration: label }, 'migration applied');
    done.push(label);
  }
  return done;
}

/** A recorded migration must have the statements it was applied with. */
async function checkRecorded(client: Queryable, m: Migration, recorded: Recorded): Promise<void> {
  if (recorded.checksum === m.checksum) return;
  const released = RELEASED_CHECKSUMS[m.version];
  if (released && recorded.checksum === released.file && released.statements === m.checksum) {
    // Recorded by the whole-file checksum of its released file, which has these statements.
    await client.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [m.version, m.checksum]);
    return;
  }
  throw new Error(`Migration ${m.version}_${m.name} was changed after it was applied: add a new migration instead`);
}

/** true when every replaced version is recorded (as released); false when none is; otherwise refused. */
function squashedAlreadyApplied(m: Migration, applied: Map<string, Recorded>): boolean {
  const present = m.replaces.filter((v) => applied.has(v));
  if (present.length === 0) return false;
  const missing = m.replaces.filter((v) => !applied.has(v));
  if (missing.length > 0) {
    throw new Error(
      `Migration ${m.version}_${m.name} replaces ${m.replaces.join(', ')}; this database has applied ${present.join(', ')} but not ${missing.join(', ')}: ` +
        'migrate it with a release that still has those migrations first',
    );
  }
  for (const v of present) {
    const recorded = applied.get(v) as Recorded;
    const released = RELEASED_CHECKSUMS[v];
    if (!released || recorded.checksum !== released.file) {
      throw new Error(`Migration ${m.version}_${m.name} replaces ${v}_${recorded.name}, which this database applied from a file that was never released`);
    }
  }
  return true;
}

async function applyFunctions(client: Queryable, functions: FunctionFile[], logger: Logger | undefined): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_functions (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions');
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  const changed = functions.filter((f) => applied.get(f.name) !== f.checksum);
  if (changed.length === 0) return [];
  await inTransaction(client, `Function files ${changed.map((f) => f.file).join(', ')}`, async () => {
    for (const f of changed) {
      try {
        await client.query(f.sql);
      } catch (err) {
        throw new Error(`${f.file}: ${(err as Error).message}`, { cause: err });
      }
      await client.query(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [f.name, f.checksum],
      );
    }
  });
  for (const f of changed) logger?.info({ function: f.file }, 'function file applied');
  return changed.map((f) => `functions/${f.file.replace(/\.sql$/, '')}`);
}
