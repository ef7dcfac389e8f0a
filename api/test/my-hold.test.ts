// GET /api/events/:id/my-hold: checkout opened without its navigation state (a new tab, another
// device) finds the buyer's live hold of the event from the server. The owner's only; none once the
// hold is released, ran out or was paid. A hold released before its time says when (releasedAt);
// one that ran out does not.
import type { MyHoldResponse, OrderResponse, OrdersResponse } from '@sports/contracts';
import { myHoldResponseSchema } from '@sports/contracts';
import { book, createEvent, json, login, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';

const MINUTE = 60_000;

describe('the buyer\'s live hold of an event', () => {
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
  afterEach(() => app.clock.reset());

  const myHold = async (cookie: string | undefined, eventId: number | string) => {
    const res = await json<MyHoldResponse>(await app.request('GET', `/api/events/${eventId}/my-hold`, cookie ? { cookie } : {}));
    if (res.status === 200) myHoldResponseSchema.parse(res.body);
    return res;
  };

  const holdOf = async (session: Session, eventId: number, sectionId: number, seats: number[]): Promise<number> => {
    const held = await book(app, session.cookie, eventId, sectionId, seats);
    expect(held.status).toBe(200);
    return held.body.order?.orderId as number;
  };

  it('answers the owner with the hold: order id, seats, amounts and expiry; from another session of the same account too', async () => {
    const eventId = await createEvent(app.db, { price: 150 });
    const orderId = await holdOf(alice, eventId, 2, [7, 8]);
    const found = await myHold(alice.cookie, eventId);
    expect(found.status).toBe(200);
    expect(found.body.hold).toMatchObject({ orderId, status: 'held', seats: [7, 8], totalAmount: 300, event: { id: eventId }, section: { id: 2 } });
    expect(Date.parse(found.body.hold?.expiresAt ?? '') - app.clock.now().getTime()).toBeGreaterThan(9 * MINUTE);

    // Another device signed in to the same account.
    const otherDevice = await login(app, alice.email);
    expect((await myHold(otherDevice, eventId)).body.hold?.orderId).toBe(orderId);
  });

  it('is the owner\'s only: 401 without a session, and another account sees no hold', async () => {
    const eventId = await createEvent(app.db);
    await holdOf(alice, eventId, 2, [1]);
    expect(await myHold(undefined, eventId)).toEqual({ status: 401, body: { success: false, error: expect.any(String) } });
    expect(await myHold(bob.cookie, eventId)).toEqual({ status: 200, body: { success: true, hold: null } });
    // Nor of another event.
    expect((await myHold(alice.cookie, await createEvent(app.db))).body.hold).toBeNull();
  });

  it('a bad event id is a 400 with a clear message', async () => {
    expect(await myHold(alice.cookie, 'abc')).toEqual({ status: 400, body: { success: false, error: 'Event id must be a positive whole number' } });
    expect((await myHold(alice.cookie, 0)).status).toBe(400);
  });

  it('none after release; the released order says when it was released', async () => {
    const eventId = await createEvent(app.db);
    const orderId = await holdOf(alice, eventId, 3, [2, 3]);
    app.clock.advance(2 * MINUTE);
    const before = app.clock.now().getTime();
    const released = await json<OrderResponse>(await app.request('POST', `/api/orders/${orderId}/release`, { cookie: alice.cookie, body: {} }));
    expect(released.status).toBe(200);
    expect(released.body.order.status).toBe('expired');
    // On the app's clock, at the release.
    const at = Date.parse(released.body.order.releasedAt ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(app.clock.now().getTime());
    expect((await myHold(alice.cookie, eventId)).body.hold).toBeNull();
    const mine = await json<OrdersResponse>(await app.request('GET', '/api/my/orders', { cookie: alice.cookie }));
    expect(mine.body.orders.find((o) => o.orderId === orderId)?.releasedAt).toBe(released.body.order.releasedAt);
  });

  it('none once the hold ran out, and that order was not released: no releasedAt, even when released after', async () => {
    const eventId = await createEvent(app.db);
    const orderId = await holdOf(alice, eventId, 4, [9]);
    app.clock.advance(10 * MINUTE);
    expect((await myHold(alice.cookie, eventId)).body.hold).toBeNull();
    // Release seats pressed after the time was up changes nothing it says.
    const late = await json<OrderResponse>(await app.request('POST', `/api/orders/${orderId}/release`, { cookie: alice.cookie, body: {} }));
    expect(late.status).toBe(200);
    expect(late.body.order.status).toBe('expired');
    expect(late.body.order.releasedAt).toBeUndefined();
  });

  it('none once paid', async () => {
    const eventId = await createEvent(app.db);
    const orderId = await holdOf(alice, eventId, 5, [4]);
    const paid = await app.request('POST', `/api/orders/${orderId}/pay`, {
      cookie: alice.cookie,
      headers: { 'Idempotency-Key': `my-hold-paid-${orderId}` },
      body: { paymentMethod: 'gcash', paymentType: 'full' },
    });
    expect(paid.status).toBe(200);
    expect((await myHold(alice.cookie, eventId)).body.hold).toBeNull();
  });

  it('a changed hold is found as changed (the same order, its new seats)', async () => {
    const eventId = await createEvent(app.db);
    const orderId = await holdOf(alice, eventId, 6, [1, 2]);
    const changed = await book(app, alice.cookie, eventId, 6, [3], { order_id: orderId });
    expect(changed.status).toBe(200);
    const found = (await myHold(alice.cookie, eventId)).body.hold;
    expect(found?.seats).toEqual([3]);
    expect(found?.orderId).toBe(changed.body.order?.orderId);
  });
});
