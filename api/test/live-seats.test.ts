// The seat grid's poll (get-booked-seats) and the seat map's availability answered from memory
// while unchanged (booking/live-seats.ts): 304 to a grid that has the current answer, with no
// database work, and never an old answer once a change committed here or was announced by another
// API process, or once a hold's time ran out; a change nobody announced shows once the answer is
// KEEP_MS old. Two real apps on one database.
import type { AvailabilityResponse, BookedSeatsResponse, OrderResponse } from '@sports/contracts';
import { findAvailability } from '../src/booking/booking.repository';
import { KEEP_MS } from '../src/booking/live-seats';
import { requestRefunds } from '../src/orders/refund-request';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';

const MINUTE = 60_000;
/** How soon a change made elsewhere must show (the product's bound). */
const BOUND_MS = 5_000;
/** Announced (NOTIFY) it shows at once, long before KEEP_MS would drop the old answer. */
const NOTIFIED_MS = 500;

interface Poll {
  status: number;
  etag: string | null;
  cacheControl: string | null;
  seats: number[] | null;
}

async function poll(app: BookingApp, eventId: number, sectionId: number, etag?: string | null): Promise<Poll> {
  const res = await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${sectionId}`, etag ? { headers: { 'If-None-Match': etag } } : {});
  const text = await res.text();
  return {
    status: res.status,
    etag: res.headers.get('ETag'),
    cacheControl: res.headers.get('Cache-Control'),
    seats: res.status === 200 ? (JSON.parse(text) as BookedSeatsResponse).bookedSeats : null,
  };
}

/** Polls like a grid (with its ETag) until the answer is `seats`; how long it took. */
async function seenWithin(app: BookingApp, eventId: number, sectionId: number, etag: string | null, seats: number[]): Promise<number> {
  const started = performance.now();
  let last: Poll | undefined;
  while (performance.now() - started < BOUND_MS + 1_000) {
    last = await poll(app, eventId, sectionId, etag);
    if (last.status === 200) {
      if (JSON.stringify(last.seats) === JSON.stringify(seats)) return performance.now() - started;
      etag = last.etag;
    } else if (last.status !== 304) {
      throw new Error(`poll answered ${last.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still ${JSON.stringify(last)} after ${BOUND_MS + 1_000} ms, wanted ${JSON.stringify(seats)}`);
}

describe('live seats: the grid poll and availability answered from memory', () => {
  let a: BookingApp;
  let b: BookingApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    [a, b] = await Promise.all([startBookingApp({ poolMax: 3 }), startBookingApp({ prepare: false })]);
    [alice, bob] = await Promise.all([newSession(a), newSession(a)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });
  afterEach(() => {
    a.clock.reset();
    b.clock.reset();
  });

  const pay = (app: BookingApp, cookie: string, orderId: number, key: string) =>
    app.request('POST', `/api/orders/${orderId}/pay`, { cookie, headers: { 'Idempotency-Key': key }, body: { paymentMethod: 'visa', paymentType: 'full' } });

  it('answers 304 with no database work while the section is unchanged; 200 with the same contract otherwise', async () => {
    const eventId = await createEvent(a.db);
    expect((await book(a, alice.cookie, eventId, 4, [9, 3])).status).toBe(200);
    const first = await poll(a, eventId, 4);
    expect(first).toEqual({ status: 200, etag: expect.stringMatching(/^"[^"]+"$/), cacheControl: 'no-cache', seats: [3, 9] });
    expect(await poll(a, eventId, 4, first.etag)).toEqual({ status: 304, etag: first.etag, cacheControl: 'no-cache', seats: null });
    // A list of tags, or a weak one, names it too; another tag does not.
    expect((await poll(a, eventId, 4, `"other", W/${first.etag}`)).status).toBe(304);
    expect(await poll(a, eventId, 4, '"0.0.0.0.x"')).toEqual({ ...first });

    // Every connection of A's pool busy: a database read could not answer (503 after the wait),
    // yet the unchanged section still does, at once, 304 and 200 alike.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const busy = Array.from({ length: 3 }, () => a.db.withClient(() => released));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      expect((await poll(a, eventId, 4, first.etag)).status).toBe(304);
      expect(await poll(a, eventId, 4)).toEqual(first);
      expect(performance.now() - started).toBeLessThan(1_000);
      // A section never read needs the database: proof that the pool is really taken.
      expect((await poll(a, eventId, 5)).status).toBe(503);
    } finally {
      release();
      await Promise.all(busy);
    }
  }, 30_000);

  it('a booking here is never answered 304: the next poll has the new seats', async () => {
    const eventId = await createEvent(a.db);
    const before = await poll(a, eventId, 2);
    expect(before.seats).toEqual([]);
    expect((await book(a, alice.cookie, eventId, 2, [7])).status).toBe(200);
    const after = await poll(a, eventId, 2, before.etag);
    expect(after).toMatchObject({ status: 200, seats: [7] });
    expect(after.etag).not.toBe(before.etag);
    expect((await poll(a, eventId, 2, after.etag)).status).toBe(304);
  });

  it('a booking and a release through another API process show here within the bound (NOTIFY)', async () => {
    const eventId = await createEvent(a.db);
    const before = await poll(a, eventId, 3);
    const held = await book(b, bob.cookie, eventId, 3, [1, 2]);
    expect(held.status).toBe(200);
    expect(await seenWithin(a, eventId, 3, before.etag, [1, 2])).toBeLessThan(NOTIFIED_MS);
    const shown = await poll(a, eventId, 3);
    expect(shown.seats).toEqual([1, 2]);

    const released = await b.request('POST', `/api/orders/${held.body.order?.orderId}/release`, { cookie: bob.cookie, body: {} });
    expect(released.status).toBe(200);
    expect(await seenWithin(a, eventId, 3, shown.etag, [])).toBeLessThan(NOTIFIED_MS);
  });

  it('a hold whose time ran out (no sweep, no row changed) is not answered 304: its seats read free', async () => {
    const eventId = await createEvent(a.db);
    expect((await book(a, alice.cookie, eventId, 6, [11])).status).toBe(200);
    a.clock.advance(MINUTE);
    expect((await book(a, bob.cookie, eventId, 6, [12])).status).toBe(200);
    const both = await poll(a, eventId, 6);
    expect(both.seats).toEqual([11, 12]);

    // Alice's hold (made a minute earlier) runs out first; nothing in the database changes.
    a.clock.advance(9 * MINUTE - 5_000);
    expect((await poll(a, eventId, 6, both.etag)).status).toBe(304);
    a.clock.advance(5_000);
    const aliceGone = await poll(a, eventId, 6, both.etag);
    expect(aliceGone).toMatchObject({ status: 200, seats: [12] });
    expect((await poll(a, eventId, 6, aliceGone.etag)).status).toBe(304);
    a.clock.advance(MINUTE);
    expect(await poll(a, eventId, 6, aliceGone.etag)).toMatchObject({ status: 200, seats: [] });
    // Time moved back (tests do): the answer read at a later time is not served.
    a.clock.reset();
    expect((await poll(a, eventId, 6)).seats).toEqual([11, 12]);
  });

  it('a hold being paid past its time still counts, and a refund frees its seats here within the bound', async () => {
    const eventId = await createEvent(a.db);
    const held = await book(a, alice.cookie, eventId, 7, [20, 21]);
    const orderId = held.body.order?.orderId as number;
    const before = await poll(a, eventId, 7);
    expect((await pay(b, alice.cookie, orderId, 'live-seats-pay-1')).status).toBe(200);
    // Paid: the same seats, the same answer, also once the hold's time is long past.
    expect((await poll(a, eventId, 7, before.etag)).status).toBe(304);
    a.clock.advance(11 * MINUTE);
    const paid = await poll(a, eventId, 7, before.etag);
    expect(paid).toMatchObject({ status: 304, etag: before.etag });

    // The refund, written without any announcement (here by the test's own connection): shown
    // once the kept answer is KEEP_MS old.
    const refunded = await requestRefunds(a.db, { orderId }, { reason: 'buyer_cancelled', actorId: null, provider: 'record-only', now: new Date() });
    expect(refunded).toHaveLength(1);
    expect(await seenWithin(a, eventId, 7, paid.etag, [])).toBeLessThan(BOUND_MS);
    const order = await json<OrderResponse>(await a.request('GET', `/api/orders/${orderId}`, { cookie: alice.cookie }));
    expect(order.body.order.status).not.toBe('paid');
  });

  it('a change nobody announced: the kept answer is served until it is KEEP_MS old, then the change shows', async () => {
    const eventId = await createEvent(a.db);
    const held = await book(a, alice.cookie, eventId, 8, [5]);
    const shown = await poll(a, eventId, 8);
    expect(shown.seats).toEqual([5]);
    // The seat freed by hand, as no API process would: no announcement at all.
    await a.db.withTransaction(async (tx) => {
      await tx.query(`UPDATE orders SET status = 'expired' WHERE id = $1`, [held.body.order?.orderId]);
      await tx.query('UPDATE order_seats SET live = false WHERE order_id = $1', [held.body.order?.orderId]);
    });
    expect((await poll(a, eventId, 8, shown.etag)).status).toBe(304);
    a.clock.advance(KEEP_MS);
    expect(await poll(a, eventId, 8, shown.etag)).toMatchObject({ status: 200, seats: [] });
  });

  it('the listening connection lost: nothing kept is served; changes made meanwhile show', async () => {
    const eventId = await createEvent(a.db);
    const shown = await poll(a, eventId, 9);
    expect(shown.seats).toEqual([]);
    await a.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'sports-api-listen'`);
    expect((await book(b, bob.cookie, eventId, 9, [30])).status).toBe(200);
    expect(await seenWithin(a, eventId, 9, shown.etag, [30])).toBeLessThan(BOUND_MS);
    // Listening again (reconnected): kept answers and 304s come back.
    const deadline = Date.now() + BOUND_MS;
    let status = 0;
    let etag = (await poll(a, eventId, 9)).etag;
    while (Date.now() < deadline && status !== 304) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const p = await poll(a, eventId, 9, etag);
      status = p.status;
      etag = p.etag ?? etag;
    }
    expect(status).toBe(304);
  });

  it('availability matches the uncached SQL after bookings, releases, expiry and price changes, here and elsewhere', async () => {
    const eventId = await createEvent(a.db, { price: 300 });
    const availability = async (app: BookingApp) => (await json<AvailabilityResponse>(await app.request('GET', `/api/events/${eventId}/availability`))).body.sections;
    const expectFresh = async (app: BookingApp): Promise<void> => {
      const deadline = Date.now() + BOUND_MS;
      for (;;) {
        const fresh = await findAvailability(app.db, eventId, app.clock.now());
        const served = await availability(app);
        if (JSON.stringify(served) === JSON.stringify(fresh) || Date.now() > deadline) {
          expect(served).toEqual(fresh);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await expectFresh(a);
    const held = await book(a, alice.cookie, eventId, 1, [1, 2, 3]);
    await expectFresh(a);
    expect((await availability(a)).find((s) => s.sectionId === 1)?.available).toBe(((await availability(b)).find((s) => s.sectionId === 1)?.capacity ?? 0) - 3);
    await book(b, bob.cookie, eventId, 2, [4]);
    await expectFresh(a);
    await a.request('POST', `/api/orders/${held.body.order?.orderId}/release`, { cookie: alice.cookie, body: {} });
    await expectFresh(a);
    await expectFresh(b);
    await a.db.query('UPDATE events SET price = 450 WHERE id = $1', [eventId]);
    await expectFresh(a);
    expect((await availability(a))[0]?.price).toBe(450);
    await a.db.query('INSERT INTO event_section_prices (event_id, section_id, price) VALUES ($1, 2, 999)', [eventId]);
    await expectFresh(a);
    a.clock.advance(10 * MINUTE);
    await expectFresh(a);
    expect((await availability(a)).find((s) => s.sectionId === 2)?.available).toBe((await availability(a)).find((s) => s.sectionId === 2)?.capacity);
    expect((await a.request('GET', '/api/events/2000000000/availability')).status).toBe(404);
  });
});
