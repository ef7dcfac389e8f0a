import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './install.mjs';

export const APPS = ['shell', 'booking-mfe', 'admin-mfe', 'organizer-mfe'];
const SHARED_INPUTS = ['packages/contracts/src', 'packages/seating/src', 'packages/api-client/src', 'packages/ui/src', 'packages/router/src', 'packages/query/src', 'webpack.shared.js', 'scripts/index.html', 'types', 'tsconfig.base.json', 'package-lock.json'];
const SKIP = new Set(['node_modules', 'dist', 'test', 'coverage']);

function collectFiles(path, out) {
  if (!existsSync(path)) return out;
  if (statSync(path).isFile()) {
    out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) if (!SKIP.has(entry)) collectFiles(join(path, entry), out);
  return out;
}

function inputsHash(app) {
  const hash = createHash('sha256');
  for (const file of [...SHARED_INPUTS, app].flatMap((p) => collectFiles(join(ROOT, p), []))) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

/** Builds the API (tsc is incremental) and every app whose inputs changed since its last production build. */
export function buildAll({ force = false } = {}) {
  run('npx', ['tsc', '-b', 'packages/contracts', 'packages/seating', 'api']);
  const hashes = new Map(APPS.map((app) => [app, inputsHash(app)]));
  const stamp = (app) => join(ROOT, app, 'dist', '.inputs-hash');
  const stale = APPS.filter((app) => force || !existsSync(stamp(app)) || readFileSync(stamp(app), 'utf8') !== hashes.get(app));
  if (stale.length === 0) {
    console.log('› Front ends are up to date; nothing to rebuild.');
    return;
  }
  console.log(`› Building ${stale.join(', ')} for production…`);
  run('npx', ['lerna', 'run', 'build', '--concurrency', '2', ...stale.flatMap((app) => ['--scope', app])], {
    NX_NO_CLOUD: 'true',
    NX_DAEMON: 'false',
    NX_TUI: 'false',
  });
  for (const app of stale) writeFileSync(stamp(app), hashes.get(app));
}
