// POST /api/orders/:id/pay (PRODUCT §4): owner only, idempotent per key, replayed byte for
// byte, refused when expired, already paid, or the key is reused for another request.
import type { OrderResponse } from '@sports/contracts';
import { AUTH_MESSAGES } from '../src/auth/auth.service';
import { MESSAGES as ERROR_MESSAGES } from '../src/errors';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';


describe('POST /api/orders/:id/pay', () => {
  let app: BookingApp;
  let alice: Session;
  let bob: Session;
  let eventId: number;
  let nextSeat = 1;
  beforeAll(async () => {
    app = await startBookingApp();
    [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
    eventId = await createEvent(app.db, { price: 200 });
  });
  afterAll(async () => {
    await app.stop();
  });
  afterEach(() => app.clock.reset());

  async function hold(session: Session, count = 2): Promise<number> {
    const seats = Array.from({ length: count }, () => nextSeat++);
    const { status, body } = await book(app, session.cookie, eventId, 6, seats);
    expect(status).toBe(200);
    return body.order?.orderId as number;
  }

  const pay = (cookie: string | undefined, orderId: number | string, key: string | undefined, body: unknown = { paymentMethod: 'gcash', paymentType: 'full' }) =>
    app.request('POST', `/api/orders/${orderId}/pay`, { ...(cookie ? { cookie } : {}), headers: key === undefined ? {} : { 'Idempotency-Key': key }, body });

  it('records the method and type, makes the hold one ticket per seat, each with a signed QR and a short code', async () => {
    const orderId = await hold(alice, 3);
    const res = await pay(alice.cookie, orderId, 'first-payment-key-0001', { paymentMethod: 'paymaya', paymentType: 'full' });
    const { status, body } = await json<OrderResponse>(res);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const order = body.order;
    expect(order).toMatchObject({ orderId, status: 'paid', paymentMethod: 'paymaya', paymentType: 'full', totalAmount: 600 });
    expect(typeof order.paidAt).toBe('string');
    expect(order.tickets?.map((t) => t.seat)).toEqual(order.seats);
    for (const t of order.tickets ?? []) {
      expect(t.ticketId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(t.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{2}$/);
      const qr = JSON.parse(t.qr) as Record<string, unknown>;
      expect(Object.keys(qr)).toEqual(['ticket_id', 'event_id', 'section_id', 'seats', 'seat', 'paymentType', 'paymentMethod', 'totalAmount', 'sig']);
      expect(qr).toMatchObject({ ticket_id: t.ticketId, event_id: eventId, section_id: 6, seats: order.seats, seat: t.seat, paymentType: 'full', paymentMethod: 'paymaya', totalAmount: 600 });
      expect(t.qr).not.toMatch(/\s/);
    }
    // No order-wide ticket id any more: each seat is its own ticket.
    expect((await app.db.query('SELECT ticket_id FROM orders WHERE id = $1', [orderId])).rows).toEqual([{ ticket_id: null }]);
    // The order reads the same afterwards (same QR: Ed25519 signatures are deterministic).
    const again = await json<OrderResponse>(await app.request('GET', `/api/orders/${orderId}`, { cookie: alice.cookie }));
    expect(again.body.order).toEqual(order);
    const { rows } = await app.db.query('SELECT status, payment_method, payment_type, payment_reference LIKE $2 AS recorded FROM orders WHERE id = $1', [orderId, 'record-only:paymaya:%']);
    expect(rows).toEqual([{ status: 'paid', payment_method: 'paymaya', payment_type: 'full', recorded: true }]);
  });

  it('10 parallel retries with one key: one payment, ten identical answers', async () => {
    const orderId = await hold(alice);
    const key = 'parallel-retry-key-42';
    const responses = await Promise.all(Array.from({ length: 10 }, () => pay(alice.cookie, orderId, key)));
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(texts).size).toBe(1);
    const { rows } = await app.db.query<{ attempts: number; paid: number; tickets: number }>(
      `SELECT (SELECT count(*)::int FROM payment_attempts WHERE order_id = $1) AS attempts,
              (SELECT count(*)::int FROM orders WHERE id = $1 AND status = 'paid') AS paid,
              (SELECT count(*)::int FROM tickets WHERE order_id = $1) AS tickets`,
      [orderId],
    );
    // One ticket for each of its two seats.
    expect(rows).toEqual([{ attempts: 1, paid: 1, tickets: 2 }]);
    // A later retry (a lost response) gets the very same bytes, even after the hold's time is up.
    app.clock.advance(60 * 60_000);
    const late = await pay(alice.cookie, orderId, key);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe(texts[0]);
  });

  it('same key with a different body is 422; another key on a paid order is 409', async () => {
    const orderId = await hold(alice);
    expect((await pay(alice.cookie, orderId, 'reuse-key-000001')).status).toBe(200);
    expect(await json(await pay(alice.cookie, orderId, 'reuse-key-000001', { paymentMethod: 'bdo', paymentType: 'full' }))).toEqual({
      status: 422,
      body: { success: false, error: 'Idempotency key reused with a different request.' },
    });
    const other = await hold(alice);
    expect((await pay(alice.cookie, other, 'reuse-key-000001')).status).toBe(422);
    expect(await json(await pay(alice.cookie, orderId, 'another-key-000002'))).toEqual({ status: 409, body: { success: false, error: 'This order is already paid.' } });
    // The refused key was not spent: it still pays another order.
    expect((await pay(alice.cookie, other, 'another-key-000002')).status).toBe(200);
  });

  it("another user's order answers 404 like a missing one (ids cannot be probed), and stays unpaid", async () => {
    const orderId = await hold(alice);
    const theirs = await json(await pay(bob.cookie, orderId, 'bob-tries-alices-order'));
    const missing = await json(await pay(bob.cookie, 2_000_000_000, 'bob-tries-missing-order'));
    expect(theirs).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
    expect(missing).toEqual(theirs);
    const { rows } = await app.db.query('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(rows).toEqual([{ status: 'held' }]);
    expect((await pay(undefined, orderId, 'anonymous-payer-key')).status).toBe(401);
  });

  it('refuses a missing or malformed Idempotency-Key, a bad body or id with 400', async () => {
    const orderId = await hold(bob);
    const bad = { status: 400, body: { success: false, error: 'Idempotency-Key header is required (8 to 200 visible characters).' } };
    expect(await json(await pay(bob.cookie, orderId, undefined))).toEqual(bad);
    expect(await json(await pay(bob.cookie, orderId, 'short'))).toEqual(bad);
    expect(await json(await pay(bob.cookie, orderId, 'k'.repeat(201)))).toEqual(bad);
    expect(await json(await pay(bob.cookie, orderId, 'has a space in it'))).toEqual(bad);
    expect(await json(await pay(bob.cookie, orderId, 'bad-body-key-1', { paymentMethod: 'cash', paymentType: 'full' }))).toEqual({ status: 400, body: { success: false, error: 'Choose a payment method.' } });
    expect((await pay(bob.cookie, orderId, 'bad-body-key-2', { paymentMethod: 'gcash', paymentType: 'installment' })).status).toBe(400);
    expect((await pay(bob.cookie, orderId, 'bad-body-key-3', { paymentMethod: 'gcash', amount: 1 })).status).toBe(400);
    expect((await pay(bob.cookie, orderId, 'bad-body-key-4', [])).status).toBe(400);
    expect((await pay(bob.cookie, 'abc', 'bad-body-key-5')).status).toBe(400);
    expect((await pay(bob.cookie, '-1', 'bad-body-key-6')).status).toBe(400);
    const { rows } = await app.db.query('SELECT status, (SELECT count(*)::int FROM payment_attempts WHERE order_id = $1) AS attempts FROM orders WHERE id = $1', [orderId]);
    expect(rows).toEqual([{ status: 'held', attempts: 0 }]);
    // paymentType defaults to full.
    expect((await pay(bob.cookie, orderId, 'default-type-key', { paymentMethod: 'visa' })).status).toBe(200);
  });

  it('a caller signed out or restricted is told so (401) before a malformed request is refused (400), as on any signed-in route', async () => {
    const carol = await newSession(app);
    const orderId = await hold(carol);
    const malformed = [
      () => pay(carol.cookie, orderId, undefined),
      () => pay(carol.cookie, orderId, 'malformed-body-key', { paymentMethod: 'cash', paymentType: 'full' }),
      () => pay(carol.cookie, 'abc', 'malformed-id-key'),
      () => pay(carol.cookie, orderId, 'malformed-choices-key', { paymentMethod: 'gcash', paymentType: 'full', tickets: [] }),
    ];
    for (const send of malformed) expect((await send()).status).toBe(400);
    await app.db.query(`UPDATE users SET status = 'Restricted' WHERE id = $1`, [carol.id]);
    for (const send of malformed) expect(await json(await send())).toEqual({ status: 401, body: { success: false, error: AUTH_MESSAGES.restricted } });
    await app.db.query(`UPDATE users SET status = 'Active' WHERE id = $1`, [carol.id]);
    await app.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [carol.id]);
    for (const send of malformed) expect(await json(await send())).toEqual({ status: 401, body: { success: false, error: ERROR_MESSAGES.sessionEnded } });
  });

  it('an expired hold is 410, and the key is not spent on it', async () => {
    const orderId = await hold(bob);
    app.clock.advance(10 * 60_000);
    expect(await json(await pay(bob.cookie, orderId, 'expired-order-key'))).toEqual({ status: 410, body: { success: false, error: 'Your hold has expired. Please select seats again.' } });
    const { rows } = await app.db.query('SELECT count(*)::int AS n FROM payment_attempts WHERE order_id = $1', [orderId]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
