// POST /backend/api/book-seats.php, GET /backend/api/get-booked-seats.php, availability and
// orders over real HTTP against a real PostgreSQL (PRODUCT §4, SPEC §7).
import type { AvailabilityResponse, BookedSeatsResponse, OrderResponse, OrdersResponse } from '@sports/contracts';
import { signSessionToken } from '../src/auth/session-token';
import { book, createEvent, json, newSession, startBookingApp, storedFor } from './support/booking';
import type { BookingApp, Session } from './support/booking';


describe('booking', () => {
  let app: BookingApp;
  let alice: Session;
  let bob: Session;
  beforeAll(async () => {
    app = await startBookingApp();
    [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
  });
  afterAll(async () => {
    await app.stop();
  });

  describe('POST /backend/api/book-seats.php', () => {
    it('needs a logged-in user (401) and stores nothing without one', async () => {
      const eventId = await createEvent(app.db);
      const res = await app.request('POST', '/backend/api/book-seats.php', { body: { event_id: eventId, section_id: 1, seat_numbers: [1], user_id: 1 } });
      expect(await json(res)).toEqual({ status: 401, body: { success: false, error: 'Please log in.' } });
      const forged = await app.request('POST', '/backend/api/book-seats.php', { cookie: 'session=not-a-token', body: { event_id: eventId, section_id: 1, seat_numbers: [1] } });
      expect(forged.status).toBe(401);
      expect(await storedFor(app.db, eventId)).toEqual({ orders: 0, seats: 0 });
    });

    it('refuses a session that was logged out, has expired or whose account is no longer Active (401), storing nothing', async () => {
      const eventId = await createEvent(app.db);
      const [loggedOut, expired, inactive, restricted] = await Promise.all([newSession(app), newSession(app), newSession(app), newSession(app)]);
      expect((await app.request('POST', '/api/logout.php', { cookie: loggedOut.cookie, body: {} })).status).toBe(200);
      await app.db.query(`UPDATE sessions SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE user_id = $1`, [expired.id]);
      await app.db.query(`UPDATE users SET status = 'Inactive' WHERE id = $1`, [inactive.id]);
      await app.db.query(`UPDATE users SET status = 'Restricted' WHERE id = $1`, [restricted.id]);
      for (const user of [loggedOut, expired, inactive, restricted]) {
        expect(await book(app, user.cookie, eventId, 1, [1])).toEqual({ status: 401, body: { success: false, error: 'Please log in.' } });
      }
      // The session row must belong to the token's user: a validly signed token pairing someone
      // else's live session with another user id books nothing.
      const { rows } = await app.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL LIMIT 1', [bob.id]);
      const mixed = signSessionToken(app.config.jwtSecret, { userId: alice.id, sessionId: (rows[0] as { id: string }).id }, new Date(Date.now() + 3_600_000));
      expect((await book(app, `session=${mixed}`, eventId, 1, [1])).status).toBe(401);
      expect(await storedFor(app.db, eventId)).toEqual({ orders: 0, seats: 0 });
      expect((await book(app, alice.cookie, eventId, 1, [1])).status).toBe(200);
    });

    it('holds the seats for the session user, never the body user_id, with the total computed by the server', async () => {
      const eventId = await createEvent(app.db, { price: 250 });
      const before = Date.now();
      // The client never sets the total: a field the contract does not know is refused.
      expect(await book(app, alice.cookie, eventId, 1, [7], { totalAmount: 1 })).toEqual({ status: 400, body: { success: false, error: 'Unexpected field: totalAmount' } });
      const { status, body } = await book(app, alice.cookie, eventId, 1, [7, 3, 5], { user_id: bob.id });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, booked: [3, 5, 7], alreadyBooked: [] });
      const order = body.order;
      if (!order) throw new Error('no order');
      expect(order).toMatchObject({ status: 'held', seats: [3, 5, 7], totalAmount: 750, section: { id: 1, label: 'Upper Box D' }, event: { id: eventId } });
      const holdMs = Date.parse(order.expiresAt) - Date.parse(order.createdAt);
      expect(holdMs).toBe(10 * 60_000);
      expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      const { rows } = await app.db.query<{ user_id: number; total: string; status: string }>('SELECT user_id, total_amount::text AS total, status FROM orders WHERE id = $1', [order.orderId]);
      expect(rows).toEqual([{ user_id: alice.id, total: '750.00', status: 'held' }]);
    });

    it('books a free event for ₱0', async () => {
      const eventId = await createEvent(app.db, { price: 0 });
      const { status, body } = await book(app, alice.cookie, eventId, 2, [1, 2]);
      expect(status).toBe(200);
      expect(body.order?.totalAmount).toBe(0);
    });

    it('refuses unknown, unapproved and started events, and unknown sections', async () => {
      const pending = await createEvent(app.db, { status: 'Pending' });
      const started = await createEvent(app.db, { startsAt: new Date(Date.now() - 60_000) });
      const eventId = await createEvent(app.db);
      expect(await book(app, alice.cookie, 2_000_000_000, 1, [1])).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
      expect(await book(app, alice.cookie, pending, 1, [1])).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
      expect(await book(app, alice.cookie, eventId, 999, [1])).toEqual({ status: 404, body: { success: false, error: 'Section not found' } });
      expect(await book(app, alice.cookie, started, 1, [1])).toEqual({ status: 400, body: { success: false, error: 'Ticket sales for this event have closed.' } });
      for (const id of [pending, started, eventId]) expect(await storedFor(app.db, id)).toEqual({ orders: 0, seats: 0 });
    });

    it('closes sales when the event starts (clock moved past the start)', async () => {
      const eventId = await createEvent(app.db, { startsAt: new Date(Date.now() + 60 * 60_000) });
      try {
        app.clock.advance(61 * 60_000);
        expect(await book(app, alice.cookie, eventId, 1, [1])).toEqual({ status: 400, body: { success: false, error: 'Ticket sales for this event have closed.' } });
      } finally {
        app.clock.reset();
      }
      expect((await book(app, alice.cookie, eventId, 1, [1])).status).toBe(200);
    });

    it('checks the seats against the section (SPEC §9), duplicates and the per-order limit', async () => {
      const eventId = await createEvent(app.db);
      // Section 1 (Upper Box D) has 183 seats.
      expect(await book(app, alice.cookie, eventId, 1, [0, 5, 999])).toEqual({ status: 400, body: { success: false, error: 'Seats outside this section: 0, 999' } });
      expect(await book(app, alice.cookie, eventId, 1, [184, -3, 183])).toEqual({ status: 400, body: { success: false, error: 'Seats outside this section: -3, 184' } });
      expect(await book(app, alice.cookie, eventId, 1, [5, 6, 5])).toEqual({ status: 400, body: { success: false, error: 'Duplicate seats in request: 5' } });
      const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
      expect(await book(app, alice.cookie, eventId, 1, eleven)).toEqual({ status: 400, body: { success: false, error: 'You can book at most 10 seats per order.' } });
      expect(await book(app, alice.cookie, eventId, 1, [])).toEqual({ status: 400, body: { success: false, error: 'Select at least one seat.' } });
      expect(await book(app, alice.cookie, eventId, 1, [1.5])).toEqual({ status: 400, body: { success: false, error: 'seat_numbers must be whole numbers' } });
      expect(await book(app, alice.cookie, eventId, 1, '1,2')).toEqual({ status: 400, body: { success: false, error: 'seat_numbers must be a list of seat numbers' } });
      expect(await book(app, alice.cookie, '0x10', 1, [1])).toEqual({ status: 400, body: { success: false, error: 'event_id must be a positive whole number' } });
      expect(await book(app, alice.cookie, eventId, -1, [1])).toEqual({ status: 400, body: { success: false, error: 'section_id must be a positive whole number' } });
      expect(await storedFor(app.db, eventId)).toEqual({ orders: 0, seats: 0 });
      // Plain digits as text are read as the number (lenient clients).
      expect((await book(app, alice.cookie, String(eventId), '1', [150])).status).toBe(200);
      // The last seat of the section and ten seats at once are fine.
      expect((await book(app, alice.cookie, eventId, 1, [183])).status).toBe(200);
      expect((await book(app, alice.cookie, eventId, 1, eleven.slice(0, 10))).status).toBe(200);
    });

    it('is all or nothing: 409 names exactly the seats taken and holds none of the others', async () => {
      const eventId = await createEvent(app.db);
      expect((await book(app, alice.cookie, eventId, 3, [10, 12])).status).toBe(200);
      const refused = await book(app, bob.cookie, eventId, 3, [13, 12, 11, 10]);
      expect(refused).toEqual({ status: 409, body: { success: false, booked: [], alreadyBooked: [10, 12], error: 'Some seats are already booked' } });
      expect(await storedFor(app.db, eventId)).toEqual({ orders: 1, seats: 2 });
      // The same seats in another section or another event are free.
      expect((await book(app, bob.cookie, eventId, 4, [10, 12])).status).toBe(200);
      expect((await book(app, bob.cookie, await createEvent(app.db), 3, [10, 12])).status).toBe(200);
      // A user's own hold counts as taken too: one hold per seat.
      expect((await book(app, alice.cookie, eventId, 3, [12])).body.alreadyBooked).toEqual([12]);
    });

    it('honours MAX_SEATS_PER_ORDER from configuration', async () => {
      const small = await startBookingApp({ config: { booking: { ...app.config.booking, maxSeatsPerOrder: 3 } }, prepare: false });
      try {
        const cookie = (await newSession(small)).cookie;
        const eventId = await createEvent(small.db);
        expect(await book(small, cookie, eventId, 1, [1, 2, 3, 4])).toEqual({ status: 400, body: { success: false, error: 'You can book at most 3 seats per order.' } });
        expect((await book(small, cookie, eventId, 1, [1, 2, 3])).status).toBe(200);
      } finally {
        await small.stop();
      }
    });
  });

  describe('GET /backend/api/get-booked-seats.php', () => {
    it('lists live holds and paid seats of the section, ascending', async () => {
      const eventId = await createEvent(app.db);
      const empty = await json<BookedSeatsResponse>(await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=5`));
      expect(empty).toEqual({ status: 200, body: { bookedSeats: [] } });
      await book(app, alice.cookie, eventId, 5, [40, 2]);
      const held = await book(app, bob.cookie, eventId, 5, [17]);
      const pay = await app.request('POST', `/api/orders/${held.body.order?.orderId}/pay`, { cookie: bob.cookie, headers: { 'Idempotency-Key': 'booked-seats-test-1' }, body: { paymentMethod: 'gcash', paymentType: 'full' } });
      expect(pay.status).toBe(200);
      await book(app, bob.cookie, eventId, 6, [1]);
      const res = await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=5`);
      expect(await json(res)).toEqual({ status: 200, body: { bookedSeats: [2, 17, 40] } });
    });

    it('answers 400 to bad parameters and 404 to unknown events and sections', async () => {
      const eventId = await createEvent(app.db);
      for (const query of ['', `?event_id=${eventId}`, `?section_id=1`, `?event_id=abc&section_id=1`, `?event_id=${eventId}&section_id=0`, `?event_id=-1&section_id=1`, `?event_id=1.5&section_id=1`, `?event_id=1e3&section_id=1`, `?event_id=99999999999&section_id=1`, `?event_id=${eventId}&event_id=2&section_id=1`]) {
        const res = await app.request('GET', `/backend/api/get-booked-seats.php${query}`);
        expect({ query, ...(await json(res)) }).toEqual({ query, status: 400, body: { success: false, error: 'event_id and section_id must be positive whole numbers' } });
      }
      expect((await app.request('GET', `/backend/api/get-booked-seats.php?event_id=2000000000&section_id=1`)).status).toBe(404);
      expect((await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=77`)).status).toBe(404);
    });
  });

  describe('GET /api/events/:id/availability', () => {
    it('subtracts live holds and tickets from every section', async () => {
      const eventId = await createEvent(app.db);
      await book(app, alice.cookie, eventId, 1, [1, 2, 3]);
      await book(app, bob.cookie, eventId, 13, [9]);
      const { status, body } = await json<AvailabilityResponse>(await app.request('GET', `/api/events/${eventId}/availability`));
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.sections).toHaveLength(13);
      expect(body.sections[0]).toEqual({ sectionId: 1, capacity: 183, available: 180, price: 150 });
      expect(body.sections[12]).toEqual({ sectionId: 13, capacity: 163, available: 162, price: 150 });
      expect(body.sections[1]).toEqual({ sectionId: 2, capacity: 96, available: 96, price: 150 });
    });

    it('answers 404 for an unknown event and 400 for a bad id', async () => {
      expect(await json(await app.request('GET', '/api/events/2000000000/availability'))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
      expect((await app.request('GET', '/api/events/abc/availability')).status).toBe(400);
      expect((await app.request('GET', '/api/events/0/availability')).status).toBe(400);
    });
  });

  describe('orders', () => {
    it('GET /api/orders/:id shows the owner their order; to anyone else it does not exist (404)', async () => {
      const eventId = await createEvent(app.db, { price: 100 });
      const { body } = await book(app, alice.cookie, eventId, 7, [4, 8]);
      const id = body.order?.orderId as number;
      const mine = await json<OrderResponse>(await app.request('GET', `/api/orders/${id}`, { cookie: alice.cookie }));
      expect(mine.status).toBe(200);
      expect(mine.body.order).toEqual(body.order);
      const theirs = await json(await app.request('GET', `/api/orders/${id}`, { cookie: bob.cookie }));
      const missing = await json(await app.request('GET', '/api/orders/2000000000', { cookie: bob.cookie }));
      expect(theirs).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
      expect(missing).toEqual(theirs);
      expect((await app.request('GET', `/api/orders/${id}`)).status).toBe(401);
      expect((await app.request('GET', '/api/orders/x1', { cookie: bob.cookie })).status).toBe(400);
    });

    it('GET /api/my/orders lists the user\'s orders newest first, expired holds shown as expired', async () => {
      const carol = await newSession(app);
      const eventId = await createEvent(app.db);
      const first = await book(app, carol.cookie, eventId, 8, [1]);
      app.clock.advance(60_000);
      try {
        const second = await book(app, carol.cookie, eventId, 8, [2]);
        await book(app, alice.cookie, eventId, 8, [3]);
        const list = await json<OrdersResponse>(await app.request('GET', '/api/my/orders', { cookie: carol.cookie }));
        expect(list.status).toBe(200);
        expect(list.body.orders.map((o) => o.orderId)).toEqual([second.body.order?.orderId, first.body.order?.orderId]);
        expect(list.body.orders.map((o) => o.status)).toEqual(['held', 'held']);
        app.clock.advance(9 * 60_000 + 1);
        const later = await json<OrdersResponse>(await app.request('GET', '/api/my/orders', { cookie: carol.cookie }));
        expect(later.body.orders.map((o) => o.status)).toEqual(['held', 'expired']);
      } finally {
        app.clock.reset();
      }
      expect((await app.request('GET', '/api/my/orders')).status).toBe(401);
    });
  });
});
