// Every TypeScript project of the repository, checked the way `npm test` and `npm run typecheck` do.
import { APPS } from './build.mjs';

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
