// `npm test`: lint, type checks, unit tests, API integration tests on a real PostgreSQL and
// end-to-end tests in headless Chromium against the built, composed product. Ends with one summary line.
// `npm test -- <jest arguments>` (for example `npm test -- e2e/buyer-path api/test/booking.test.ts`)
// skips lint and type checks and runs only the suites those arguments select, on the same stack.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './lib/install.mjs';

ensureInstalled();
const { ensureHeadlessShell } = await import('./lib/chromium.mjs');
const { ensureNginx } = await import('./lib/nginx.mjs');
const { buildAll } = await import('./lib/build.mjs');
const { startPostgres } = await import('./lib/postgres.mjs');
const { startStack } = await import('./lib/stack.mjs');
const { runQuiet, runTypeChecks } = await import('./lib/type-checks.mjs');

function runAsync(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code));
  });
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const jestFilters = process.argv.slice(2);

/** One passed or failed count for the check `name`, from the commands of it that failed. */
function record(name, failed) {
  if (failed.length > 0) {
    console.log(`✗ ${name} failed: ${failed.map((f) => f.command).join('; ')}`);
    counts.failed += 1;
  } else {
    console.log(`✓ ${name}`);
    counts.passed += 1;
  }
}

const chromium = ensureHeadlessShell();
// e2e/nginx.e2e.ts runs the site behind it.
ensureNginx();
if (jestFilters.length === 0) {
  // Side by side: each is one process on one core.
  console.log('\n› lint and type checks');
  const [lint, types] = await Promise.all([runQuiet(['npx', 'eslint', '--max-warnings', '0', '.']), runTypeChecks()]);
  if (!lint.ok) console.log(lint.output);
  record('lint', lint.ok ? [] : [lint]);
  record('type checks', types);
}

let stack;
let pg;
const resultsFile = join(ROOT, '.data', 'jest-results.json');
try {
  buildAll();
  const pgDataDir = join(ROOT, '.data', 'test-pg');
  rmSync(pgDataDir, { recursive: true, force: true });
  pg = await startPostgres({ dataDir: pgDataDir, port: 0 });
  await pg.createDatabase('api_test', { dropFirst: true });
  await pg.createDatabase('e2e', { dropFirst: true });
  stack = await startStack({
    databaseUrl: pg.url('e2e'),
    ports: { api: 0, shell: 0, booking: 0, admin: 0, organizer: 0 },
    hostname: '127.0.0.1',
    // gym-box.lan: the stand-in LAN name of e2e/buyer-path.e2e.ts. The suites sign up many accounts from 127.0.0.1.
    env: { LOG_LEVEL: 'warn', PUBLIC_HOSTS: 'localhost,127.0.0.1,gym-box.lan', RATE_LIMIT_REGISTER_IP: '100000/1h' },
  });

  rmSync(resultsFile, { force: true });
  console.log('\n› jest: unit, API integration and end-to-end suites');
  // Asynchronous on purpose: the front-end servers run in this process and must keep answering.
  await runAsync('npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${resultsFile}`, ...jestFilters], {
    ...process.env,
    TEST_DATABASE_URL: pg.url('api_test'),
    E2E_BASE_URL: stack.urls.shell,
    E2E_API_URL: stack.urls.api,
    E2E_DATABASE_URL: pg.url('e2e'),
    E2E_REMOTE_URLS: JSON.stringify(stack.urls.remotes),
    CHROMIUM_PATH: chromium,
  });
  if (existsSync(resultsFile)) {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    counts.passed += results.numPassedTests;
    counts.failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
    counts.skipped += results.numPendingTests + results.numTodoTests;
  } else {
    console.log('✗ jest wrote no results');
    counts.failed += 1;
  }
} catch (error) {
  console.error('✗ the test run could not complete:', error);
  counts.failed += 1;
} finally {
  await stack?.stop();
  await pg?.stop();
}

const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}`);
process.exit(counts.failed > 0 ? 1 : 0);
