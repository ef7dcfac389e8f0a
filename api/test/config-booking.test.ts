// The booking settings: database timeouts, the per-account seat cap, the ticket
// verify limit, and how book calls are batched.
import { ConfigError, loadConfig } from '../src/config';

const DB = 'postgres://u:p@127.0.0.1:5432/db';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('booking and database settings', () => {
  it('defaults: 5 s to get a connection, 5 s statements, 2 s lock waits, 10 seats per account and event, 60 ticket checks per 15 minutes', () => {
    const { config } = loadConfig({ DATABASE_URL: DB });
    expect(config.databaseTimeouts).toEqual({ acquireMs: 5_000, statementMs: 5_000, lockMs: 2_000 });
    expect(config.booking.maxSeatsPerAccount).toBe(10);
    expect(config.rateLimits.ticketVerifyPerIp).toEqual({ max: 60, windowSeconds: 900 });
    expect(config.booking).toMatchObject({ batchMax: 64, batchesInFlight: 1 });
  });

  it('reads them from the environment', () => {
    const { config } = loadConfig({
      DATABASE_URL: DB,
      DATABASE_ACQUIRE_TIMEOUT_MS: '750',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_LOCK_TIMEOUT_MS: '1500',
      MAX_SEATS_PER_ACCOUNT: '4',
      RATE_LIMIT_TICKET_VERIFY_IP: '20/1m',
      BOOK_BATCH_MAX: '1',
      BOOK_BATCHES_IN_FLIGHT: '3',
    });
    expect(config.booking).toMatchObject({ batchMax: 1, batchesInFlight: 3 });
    expect(config.databaseTimeouts).toEqual({ acquireMs: 750, statementMs: 0, lockMs: 1_500 });
    expect(config.booking.maxSeatsPerAccount).toBe(4);
    expect(config.rateLimits.ticketVerifyPerIp).toEqual({ max: 20, windowSeconds: 60 });
  });

  it('lists every bad value at once', () => {
    expect(
      problems({
        DATABASE_URL: DB,
        DATABASE_ACQUIRE_TIMEOUT_MS: '0',
        DATABASE_STATEMENT_TIMEOUT_MS: '2.5',
        DATABASE_LOCK_TIMEOUT_MS: '700000',
        MAX_SEATS_PER_ACCOUNT: '0',
        RATE_LIMIT_TICKET_VERIFY_IP: 'many',
        BOOK_BATCH_MAX: '0',
      }),
    ).toEqual([
      'DATABASE_ACQUIRE_TIMEOUT_MS: DATABASE_ACQUIRE_TIMEOUT_MS must be at least 1',
      'DATABASE_STATEMENT_TIMEOUT_MS: DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds',
      'DATABASE_LOCK_TIMEOUT_MS: DATABASE_LOCK_TIMEOUT_MS must be at most 600000 (10 minutes)',
      'RATE_LIMIT_TICKET_VERIFY_IP: RATE_LIMIT_TICKET_VERIFY_IP looks like 10/15m (attempts per window)',
      'MAX_SEATS_PER_ACCOUNT: MAX_SEATS_PER_ACCOUNT must be at least 1',
      'BOOK_BATCH_MAX: BOOK_BATCH_MAX must be at least 1',
    ]);
  });
});
