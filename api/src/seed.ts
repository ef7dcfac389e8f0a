// CLI: `node api/dist/seed.js` applies pending migrations, loads the PSGC locations, then the
// demo seed (all idempotent: when the data is already there it changes nothing). Needs DATABASE_URL.
// With NODE_ENV=production it applies the migrations and locations only: never the demo data.
import { ConfigError, loadConfig } from './config';
import { createDb, migrate } from './db';
import { DEMO_SEED_REFUSED, seedDemo } from './demo/seed-demo';
import { loadLocations } from './locations/psgc-loader';
import { createLogger } from './logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig().config;
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  // Loading waits for another loader's advisory lock and runs big statements: no API timeouts.
  const db = createDb(config.databaseUrl, { logger, lockTimeoutMillis: 0, statementTimeoutMillis: 0 });
  try {
    await migrate(db, { logger });
    await loadLocations(db, { logger });
    if (config.env === 'production') logger.warn(DEMO_SEED_REFUSED);
    else await seedDemo(db, { logger });
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('Seed failed:', err);
    process.exit(1);
  });
}

export { loadLocations, seedDemo };
