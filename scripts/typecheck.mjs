// `npm run typecheck`: the type checks of `npm test`, alone.
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
const { runTypeChecks } = await import('./lib/type-checks.mjs');
if ((await runTypeChecks()).length > 0) process.exit(1);
console.log('✓ type checks');
