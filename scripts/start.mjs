// `npm start`: install, build, start the whole product, print where to go. Ctrl-C stops everything.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './lib/install.mjs';

ensureInstalled();
const { buildAll } = await import('./lib/build.mjs');
const { startStack } = await import('./lib/stack.mjs');

const port = (name, fallback) => Number(process.env[name] ?? fallback);
const DEMO_PASSWORD = 'demo-pass-2025';

buildAll();
const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL,
  pgDataDir: join(ROOT, '.data', 'postgres'),
  pgPort: port('PG_PORT', 54329),
  ports: {
    api: port('API_PORT', 8000),
    shell: port('SHELL_PORT', 3000),
    booking: port('BOOKING_PORT', 3001),
    admin: port('ADMIN_PORT', 3002),
    organizer: port('ORGANIZER_PORT', 3003),
  },
  // One API process per core, all on API_PORT.
  env: { API_PROCESSES: process.env.API_PROCESSES ?? String(availableParallelism()) },
});

console.log(`
  Sports Complex ticketing is running.

    Open      ${stack.urls.shell}
    API       ${stack.urls.api} (${process.env.API_PROCESSES ?? availableParallelism()} processes)
    Remotes   ${Object.entries(stack.urls.remotes).map(([name, url]) => `${name} ${url}`).join(', ')}
    Database  ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL in .data/postgres'}

  Demo logins (development only), password ${DEMO_PASSWORD}:
    admin@demo.local       Admin       -> /admin/dashboard
    organizer@demo.local   Organizer   -> /organizer/dashboard
    visitor@demo.local     Participant -> /

  Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n› Stopping…');
    await stack.stop();
    process.exit(0);
  });
}
