// The pool never starves. Every API connection runs with a lock_timeout and a
// statement_timeout; a request that cannot get a connection in time gets 503 with Retry-After;
// /api/health keeps answering 200 meanwhile (it has a connection of its own).
import { createDb } from '../src/db';
import type { Db } from '../src/db';
import { DATABASE_BUSY } from '../src/db';
import { MESSAGES } from '../src/booking/booking.service';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';
import { testDatabaseUrl } from './support/helpers';

describe('database connections under pressure', () => {
  it('every API connection runs with the configured lock_timeout and statement_timeout', async () => {
    const app = await startBookingApp();
    try {
      const { rows } = await app.db.query<{ lock: string; statement: string }>(
        `SELECT current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS statement`,
      );
      expect(rows).toEqual([{ lock: '2s', statement: '5s' }]);
    } finally {
      await app.stop();
    }
  }, 60_000);

  describe('a pool of 2 whose connections wait on a lock', () => {
    let app: BookingApp;
    let blocker: Db;
    let buyer: Session;
    let eventId: number;
    let orderId: number;
    beforeAll(async () => {
      app = await startBookingApp({ poolMax: 2, dbOptions: { connectionTimeoutMillis: 300, lockTimeoutMillis: 1_500 } });
      blocker = createDb(testDatabaseUrl(), { max: 1, lockTimeoutMillis: 0 });
      buyer = await newSession(app);
      eventId = await createEvent(app.db);
      const held = await book(app, buyer.cookie, eventId, 1, [1, 2]);
      orderId = held.body.order?.orderId as number;
    }, 60_000);
    afterAll(async () => {
      await blocker?.close();
      await app?.stop();
    });

    it('answers 503 with Retry-After when no connection frees in time, lock waits end at lock_timeout, health stays 200', async () => {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = (): void => undefined;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another transaction holds the buyer's order row...
      const holding = blocker.withTransaction(async (tx) => {
        await tx.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
        locked();
        await released;
      });
      await isLocked;
      try {
        const answer = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('Retry-After'), body: (await res.json()) as unknown });
        // ...so a payment of it does not wait: it is being changed, and the buyer hears so at once...
        const payStarted = performance.now();
        const paying = await app
          .request('POST', `/api/orders/${orderId}/pay`, { cookie: buyer.cookie, headers: { 'Idempotency-Key': 'pool-test-pay' }, body: { paymentMethod: 'gcash', paymentType: 'full' } })
          .then(answer);
        expect(paying).toEqual({ status: 409, retryAfter: '1', body: { success: false, error: MESSAGES.paymentInProgress } });
        expect(performance.now() - payStarted).toBeLessThan(1_000);
        // ...while two releases of it, from two tabs, hold both connections as they wait for it.
        const releaseHold = () => app.request('POST', `/api/orders/${orderId}/release`, { cookie: buyer.cookie, body: {} }).then(answer);
        const stuck = [releaseHold(), releaseHold()];
        await new Promise((resolve) => setTimeout(resolve, 200));

        const started = performance.now();
        const starved = await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=1`);
        expect(starved.status).toBe(503);
        expect(starved.headers.get('Retry-After')).toBe('1');
        expect(await starved.json()).toEqual({ success: false, error: DATABASE_BUSY });
        expect(performance.now() - started).toBeLessThan(1_500);

        for (let i = 0; i < 3; i += 1) {
          const health = await app.request('GET', '/api/health');
          expect(await json(health)).toEqual({ status: 200, body: { success: true, database: 'up' } });
        }

        // The waits end at lock_timeout with a retryable answer, not a pool held for good.
        const busy = { status: 503, retryAfter: '1', body: { success: false, error: DATABASE_BUSY } };
        expect(await Promise.all(stuck)).toEqual([busy, busy]);
      } finally {
        release();
        await holding;
      }
      // Free again: the same calls go through.
      expect((await book(app, buyer.cookie, eventId, 1, [5, 6])).status).toBe(200);
      expect((await app.request('POST', `/api/orders/${orderId}/pay`, { cookie: buyer.cookie, headers: { 'Idempotency-Key': 'pool-test-tab-1' }, body: { paymentMethod: 'gcash', paymentType: 'full' } })).status).toBe(200);
      expect((await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=1`)).status).toBe(200);
    }, 30_000);
  });
});
