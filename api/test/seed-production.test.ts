// Demo data is never seeded with NODE_ENV=production: the demo logins share a published
// password (demo-pass-2025) and must never exist on a real deployment.
import { generateKeyPairSync } from 'node:crypto';
import { migrate } from '../src/db';
import { DEMO_SEED_REFUSED, seedDemo } from '../src/demo/seed-demo';
import { runDist } from './support/api-process';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'j'.repeat(40),
  RESET_CODE_PEPPER: 'r'.repeat(40),
  DEVICE_COOKIE_SECRET: 'd'.repeat(40),
  TICKET_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  LOG_LEVEL: 'warn',
};

describe('the demo seed in production', () => {
  let s: FreshSchema;
  beforeAll(async () => {
    s = await freshSchema();
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  });

  const demoRows = async () =>
    (
      await s.db.query<{ users: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM users WHERE email LIKE '%@demo.local') AS users, (SELECT count(*)::int FROM events) AS events`,
      )
    ).rows[0];

  it('seedDemo refuses to run and writes nothing', async () => {
    await migrate(s.db);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(seedDemo(s.db)).rejects.toThrow(DEMO_SEED_REFUSED);
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(await demoRows()).toEqual({ users: 0, events: 0 });
  });

  it('node api/dist/seed.js applies migrations and locations but no demo data, and says so', async () => {
    const { status, output } = runDist('seed.js', { PATH: process.env.PATH, ...PRODUCTION_ENV, DATABASE_URL: s.url });
    expect({ status, refused: output.includes(DEMO_SEED_REFUSED) }).toEqual({ status: 0, refused: true });
    expect(await demoRows()).toEqual({ users: 0, events: 0 });
    const { rows } = await s.db.query<{ regions: number }>('SELECT count(*)::int AS regions FROM regions');
    expect(rows[0]?.regions).toBe(18);
  }, 120_000);

  it('outside production the same command seeds the demo logins', async () => {
    const { status } = runDist('seed.js', { PATH: process.env.PATH, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: s.url });
    expect(status).toBe(0);
    expect((await demoRows())?.users).toBeGreaterThan(0);
  }, 120_000);
});
