// Every TypeScript project of the repository, checked the way `npm test` and `npm run typecheck` do.
import { spawn } from 'node:child_process';
import { APPS } from './build.mjs';
import { ROOT } from './install.mjs';

export const TYPE_CHECKS = [
  ['npx', 'tsc', '-b', 'packages/contracts', 'packages/seating', 'api'],
  ['npx', 'tsc', '-p', 'api/test', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/api-client', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/ui', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/ui/test', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/router', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/query', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/seating/test', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/api-client/test', '--noEmit'],
  ['npx', 'tsc', '-p', 'packages/contracts/test', '--noEmit'],
  ...APPS.map((app) => ['npx', 'tsc', '-p', app, '--noEmit']),
  ['npx', 'tsc', '-p', 'shell/gate-worker', '--noEmit'],
  ['npx', 'tsc', '-p', 'e2e', '--noEmit'],
  ['npx', 'tsc', '-p', 'e2e/kit-harness', '--noEmit'],
];

/**
 * Runs `[command, ...args]` from the repository's root with its output kept, not shown: resolves
 * with whether it succeeded and what it printed (for the failure's report).
 */
export function runQuiet([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, command: [command, ...args].join(' '), output: `${output}${error.message}\n` }));
    child.on('exit', (code) => resolve({ ok: code === 0, command: [command, ...args].join(' '), output }));
  });
}

/**
 * TYPE_CHECKS, the first one (it builds what the others read) alone, then two at a time: each tsc
 * uses one core. Resolves with the checks that failed, their output printed.
 */
export async function runTypeChecks(concurrency = 2) {
  const [build, ...rest] = TYPE_CHECKS;
  const first = await runQuiet(build);
  const results = [first];
  if (first.ok) {
    const queue = [...rest];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await runQuiet(next));
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  const failed = results.filter((r) => !r.ok);
  for (const f of failed) console.log(`✗ ${f.command}\n${f.output}`);
  return failed;
}
