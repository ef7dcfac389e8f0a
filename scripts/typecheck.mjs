// `npm run typecheck`: the type checks of `npm test`, alone.
import { spawnSync } from 'node:child_process';
import { ensureInstalled, ROOT } from './lib/install.mjs';

ensureInstalled();
const { TYPE_CHECKS } = await import('./lib/type-checks.mjs');
for (const [command, ...args] of TYPE_CHECKS) {
  if (spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    console.error(`✗ ${command} ${args.join(' ')}`);
    process.exit(1);
  }
}
console.log('✓ type checks');
