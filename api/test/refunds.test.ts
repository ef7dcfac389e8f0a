// Cancelling after a sale, over HTTP against PostgreSQL: an organizer (or an admin) cancels an
// event after a confirmation of what it affects, and every paid order is refunded exactly once,
// its buyer mailed and its tickets refused at the gate as cancelled; a buyer cancels within the
// event's refund policy and the seats are on sale again at once; refusals change nothing.
import type { CancelEventResponse, CancellationPreviewResponse, CheckinResponse, OrderResponse, OrdersResponse, OrderSummary } from '@sports/contracts';
import { formatTransactionNo } from '@sports/contracts';
import { book, json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { mailsFor } from './support/accounts';
import { buyTicket, ownEvent, qrOf, signedIn } from './support/organizer';
import type { Person } from './support/organizer';
import { giveAndAccept } from './support/transfers';
import type { Db } from '../src/db';

jest.setTimeout(60_000);

const DAY = 86_400_000;

/** Waits until no refund of `eventId` (or of `orderId`) is pending, then answers the refunds' rows. */
async function settledRefunds(db: Db, where: { eventId?: number; orderId?: number }): Promise<{ order_id: number; state: string; amount: number; reason: string }[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query<{ order_id: number; state: string; amount: number; reason: string }>(
      `SELECT r.order_id, r.state, r.amount::float8 AS amount, r.reason FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE ($1::int IS NULL OR o.event_id = $1) AND ($2::int IS NULL OR o.id = $2) ORDER BY r.order_id`,
      [where.eventId ?? null, where.orderId ?? null],
    );
    if (rows.length > 0 && rows.every((r) => r.state === 'refunded')) return rows;
    if (Date.now() > deadline) throw new Error(`refunds still pending: ${JSON.stringify(rows)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits for the queued mail of `to` whose subject starts with `prefix`. */
async function mailStarting(db: Db, to: string, prefix: string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await mailsFor(db, to)).find((m) => m.subject.startsWith(prefix));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${prefix}..." for ${to}: ${JSON.stringify((await mailsFor(db, to)).map((m) => m.subject))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('cancelling an event and refunding its orders', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let admin: Person;
  let buyers: Person[];

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, admin, ...buyers] = await Promise.all([
      signedIn(app, 'Organizer', 'Olga'),
      signedIn(app, 'Organizer'),
      signedIn(app, 'Admin'),
      signedIn(app, 'Participant', 'Ana'),
      signedIn(app, 'Participant', 'Ben'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const buyer = (i: number): Person => buyers[i] as Person;
  const preview = async (eventId: number, cookie = owner.cookie, area = 'organizer') =>
    json<CancellationPreviewResponse & { error?: string }>(await app.request('GET', `/api/${area}/events/${eventId}/cancellation`, { cookie }));
  const cancel = async (eventId: number, body: unknown, cookie = owner.cookie, area = 'organizer') =>
    json<CancelEventResponse & { error?: string }>(await app.request('POST', `/api/${area}/events/${eventId}/cancel`, { cookie, body }));

  it('tells what cancelling affects, then cancels: every paid order refunded once, each buyer mailed twice, tickets refused as cancelled', async () => {
    const eventId = await ownEvent(app.db, owner.id, { title: 'Rained-out league game', price: 250, startsAt: new Date(Date.now() + 2 * 3_600_000) });
    const first = await buyTicket(app, buyer(0).cookie, eventId, 5, [1, 2]);
    const second = await buyTicket(app, buyer(1).cookie, eventId, 5, [3]);

    const before = await preview(eventId);
    expect(before).toEqual({ status: 200, body: { success: true, eventId, name: 'Rained-out league game', orders: 2, tickets: 3, amount: 750 } });

    const done = await cancel(eventId, { reason: 'Heavy rain: the field is flooded.' });
    expect(done).toEqual({ status: 200, body: { success: true, eventId, orders: 2, tickets: 3, amount: 750 } });

    const refunds = await settledRefunds(app.db, { eventId });
    expect(refunds).toEqual([
      { order_id: first.orderId, state: 'refunded', amount: 500, reason: 'event_cancelled' },
      { order_id: second.orderId, state: 'refunded', amount: 250, reason: 'event_cancelled' },
    ]);
    const cancelledMail = await mailStarting(app.db, buyer(0).email, 'Cancelled: Rained-out league game');
    expect(cancelledMail.subject).toBe('Cancelled: Rained-out league game. Your ₱500.00 is being refunded');
    expect(cancelledMail.text).toContain('Reason: Heavy rain: the field is flooded.');
    expect((await mailStarting(app.db, buyer(0).email, 'Refunded:')).subject).toBe(`Refunded: ₱500.00 for Rained-out league game (order ${formatTransactionNo(first.orderId)})`);
    expect((await mailStarting(app.db, buyer(1).email, 'Refunded:')).subject).toBe(`Refunded: ₱250.00 for Rained-out league game (order ${formatTransactionNo(second.orderId)})`);

    // The buyer's My Tickets: refunded, why, and no QR any more.
    const mine = await json<OrdersResponse>(await app.request('GET', '/api/my/orders', { cookie: buyer(0).cookie }));
    const shown = mine.body.orders.find((o) => o.orderId === first.orderId) as OrderSummary;
    expect(shown.status).toBe('refunded');
    expect(shown.eventCancelled).toEqual({ reason: 'Heavy rain: the field is flooded.' });
    expect(shown.refund).toEqual({ amount: 500, reason: 'event_cancelled', refundedAt: expect.any(String) });
    expect(shown.tickets).toBeUndefined();

    // The gate refuses its tickets as cancelled; nobody can book it any more.
    const scanned = await json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr: qrOf(first) } }));
    expect(scanned.body).toMatchObject({ success: true, result: 'cancelled', message: 'This event was cancelled. Do not let it in.' });
    const late = await book(app, buyer(1).cookie, eventId, 5, [9]);
    expect(late.status).toBe(400);
    // Seats of the refunded orders were released with them.
    const { rows: live } = await app.db.query('SELECT 1 FROM order_seats WHERE event_id = $1 AND live', [eventId]);
    expect(live).toHaveLength(0);

    // Cancelling again, or previewing it, is refused; one audit row names the reason and the figures.
    expect(await cancel(eventId, { reason: 'Again' })).toEqual({ status: 409, body: { success: false, error: 'This event is already cancelled.' } });
    expect((await preview(eventId)).status).toBe(409);
    const { rows: trail } = await app.db.query<{ actor_user_id: number; data: Record<string, unknown> }>(
      `SELECT actor_user_id, data FROM audit_trail WHERE action = 'event.cancelled' AND event_id = $1`,
      [eventId],
    );
    expect(trail).toEqual([{ actor_user_id: owner.id, data: { reason: 'Heavy rain: the field is flooded.', by: 'organizer', orders: 2, tickets: 3, amount: 750 } }]);
    const { rows: refundedTrail } = await app.db.query(`SELECT order_id FROM audit_trail WHERE action = 'order.refunded' AND event_id = $1 ORDER BY order_id`, [eventId]);
    expect(refundedTrail).toEqual([{ order_id: first.orderId }, { order_id: second.orderId }]);
  });

  it('refuses a blank or missing reason, another organizer, a visitor, a pending request and an unknown event, changing nothing', async () => {
    const eventId = await ownEvent(app.db, owner.id, { price: 100 });
    const order = await buyTicket(app, buyer(0).cookie, eventId, 5, [1]);
    expect(await cancel(eventId, { reason: '   ' })).toEqual({ status: 400, body: { success: false, error: 'A reason is required to cancel an event' } });
    expect((await cancel(eventId, {})).status).toBe(400);
    expect((await cancel(eventId, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect(await cancel(eventId, { reason: 'Not mine' }, other.cookie)).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect((await preview(eventId, other.cookie)).status).toBe(404);
    expect((await cancel(eventId, { reason: 'Visitor' }, buyer(0).cookie)).status).toBe(403);
    expect((await cancel(999_999_999, { reason: 'Unknown' })).status).toBe(404);
    const pending = await ownEvent(app.db, owner.id, { status: 'Pending' });
    expect(await cancel(pending, { reason: 'Pending' })).toEqual({ status: 409, body: { success: false, error: 'Only an approved event can be cancelled.' } });
    const { rows } = await app.db.query('SELECT cancelled_at FROM events WHERE id = $1', [eventId]);
    expect(rows).toEqual([{ cancelled_at: null }]);
    const mine = await json<OrderResponse>(await app.request('GET', `/api/orders/${order.orderId}`, { cookie: buyer(0).cookie }));
    expect(mine.body.order.status).toBe('paid');
  });

  it('two cancels at once: exactly one goes through, and each order is refunded once', async () => {
    const eventId = await ownEvent(app.db, owner.id, { price: 80 });
    for (let i = 0; i < 4; i += 1) await buyTicket(app, buyer(i % 2).cookie, eventId, 5, [i + 1]);
    const answers = await Promise.all([cancel(eventId, { reason: 'Organizer cancels' }), cancel(eventId, { reason: 'Admin cancels' }, admin.cookie, 'admin')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refunds = await settledRefunds(app.db, { eventId });
    expect(refunds).toHaveLength(4);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_trail WHERE action = 'order.refunded' AND event_id = $1`, [eventId]);
    expect(rows).toEqual([{ n: 4 }]);
  });

  it('mails whoever holds a ticket given to them, and the refund goes to the buyer', async () => {
    const eventId = await ownEvent(app.db, owner.id, { title: 'Final with a given ticket', price: 120 });
    const order = await buyTicket(app, buyer(0).cookie, eventId, 5, [30, 31]);
    await giveAndAccept(app, order.tickets?.[1]?.ticketId as string, buyer(0).cookie, buyer(1));
    expect((await cancel(eventId, { reason: 'The arena roof leaks.' })).body).toMatchObject({ orders: 1, tickets: 2, amount: 240 });
    expect(await settledRefunds(app.db, { eventId })).toEqual([{ order_id: order.orderId, state: 'refunded', amount: 240, reason: 'event_cancelled' }]);
    const told = await mailStarting(app.db, buyer(1).email, 'Cancelled: Final with a given ticket');
    expect(told.text).toContain('The ticket you were given for it is no longer valid. Whoever paid for it is refunded.');
    expect(told.text).toContain('Reason: The arena roof leaks.');
    expect((await mailStarting(app.db, buyer(0).email, 'Refunded: ₱240.00 for Final with a given ticket')).subject).toBe(`Refunded: ₱240.00 for Final with a given ticket (order ${formatTransactionNo(order.orderId)})`);
  });

  it("lets an admin cancel any organizer's event", async () => {
    const eventId = await ownEvent(app.db, other.id, { price: 0 });
    const order = await buyTicket(app, buyer(1).cookie, eventId, 5, [4]);
    expect((await preview(eventId, admin.cookie, 'admin')).body).toMatchObject({ orders: 1, tickets: 1, amount: 0 });
    expect((await cancel(eventId, { reason: 'Venue closed by the city' }, admin.cookie, 'admin')).status).toBe(200);
    // A free order is settled without a provider and its buyer gets no "Refunded: ₱0.00".
    expect(await settledRefunds(app.db, { orderId: order.orderId })).toEqual([{ order_id: order.orderId, state: 'refunded', amount: 0, reason: 'event_cancelled' }]);
    expect((await mailStarting(app.db, buyer(1).email, 'Cancelled: ')).text).toContain('Venue closed by the city');
    const { rows } = await app.db.query<{ data: { by: string } }>(`SELECT data FROM audit_trail WHERE action = 'event.cancelled' AND event_id = $1`, [eventId]);
    expect(rows[0]?.data.by).toBe('admin');
  });
});

describe('a buyer cancels their order for a refund', () => {
  let app: BookingApp;
  let owner: Person;
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, ana, ben] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Participant', 'Ana'), signedIn(app, 'Participant', 'Ben')]);
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const refundable = async (daysBefore: number | null, startsInDays = 30): Promise<number> => {
    const eventId = await ownEvent(app.db, owner.id, { title: 'Concert with a refund policy', price: 300, startsAt: new Date(Date.now() + startsInDays * DAY) });
    await app.db.query('UPDATE events SET refund_days_before = $2 WHERE id = $1', [eventId, daysBefore]);
    return eventId;
  };
  const cancelOrder = async (orderId: number, cookie = ana.cookie) =>
    json<OrderResponse & { error?: string }>(await app.request('POST', `/api/orders/${orderId}/cancel`, { cookie, body: {} }));
  const shown = async (orderId: number, cookie = ana.cookie): Promise<OrderSummary> =>
    (await json<OrderResponse>(await app.request('GET', `/api/orders/${orderId}`, { cookie }))).body.order;

  it('offers Cancel and refund with the amount and the deadline, cancels, puts the seats back on sale and mails the buyer', async () => {
    const eventId = await refundable(7);
    const order = await buyTicket(app, ana.cookie, eventId, 5, [10, 11]);
    const { rows } = await app.db.query<{ starts_at: Date }>('SELECT starts_at FROM events WHERE id = $1', [eventId]);
    const deadline = new Date((rows[0] as { starts_at: Date }).starts_at.getTime() - 7 * DAY).toISOString();
    expect(order.cancellation).toEqual({ allowed: true, amount: 600, deadline });

    const done = await cancelOrder(order.orderId);
    expect(done.status).toBe(200);
    expect(['refund_pending', 'refunded']).toContain(done.body.order.status);
    expect(done.body.order.tickets).toBeUndefined();
    expect(await settledRefunds(app.db, { orderId: order.orderId })).toEqual([{ order_id: order.orderId, state: 'refunded', amount: 600, reason: 'buyer_cancelled' }]);
    expect((await shown(order.orderId)).status).toBe('refunded');

    // The seats are someone else's to buy at once.
    const again = await book(app, ben.cookie, eventId, 5, [10, 11]);
    expect(again.status).toBe(200);
    expect((await mailStarting(app.db, ana.email, 'Cancelled: your order')).subject).toBe(`Cancelled: your order ${formatTransactionNo(order.orderId)} for Concert with a refund policy`);
    expect((await mailStarting(app.db, ana.email, 'Refunded:')).subject).toBe(`Refunded: ₱600.00 for Concert with a refund policy (order ${formatTransactionNo(order.orderId)})`);
    // Cancelling twice refunds once.
    expect(await cancelOrder(order.orderId)).toEqual({ status: 409, body: { success: false, error: 'Only a paid order can be cancelled.' } });
    const { rows: refunds } = await app.db.query('SELECT 1 FROM refunds WHERE order_id = $1', [order.orderId]);
    expect(refunds).toHaveLength(1);
  });

  it('says why when it may not: no refunds, after the deadline, a ticket checked in; another buyer\u2019s order is not found', async () => {
    const none = await buyTicket(app, ana.cookie, await refundable(null), 5, [1]);
    expect(none.cancellation).toEqual({ allowed: false, deadline: null, reason: 'The organizer of this event does not offer refunds.' });
    expect(await cancelOrder(none.orderId)).toEqual({ status: 409, body: { success: false, error: 'The organizer of this event does not offer refunds.' } });

    // Refunds until 7 days before an event 3 days away: closed.
    const closed = await buyTicket(app, ana.cookie, await refundable(7, 3), 5, [1]);
    expect(closed.cancellation?.allowed).toBe(false);
    expect(closed.cancellation?.reason).toMatch(/^Refunds for this event closed at \d{1,2}:\d\d [AP]M on \d\d-\d\d-\d{4}\.$/);
    expect((await cancelOrder(closed.orderId)).status).toBe(409);

    const eventId = await refundable(1);
    const used = await buyTicket(app, ana.cookie, eventId, 5, [2, 3]);
    await app.db.query('UPDATE events SET checkin_opens_minutes = 1440, starts_at = now() + interval \'2 days\' WHERE id = $1', [eventId]);
    const ticketId = used.tickets?.[0]?.ticketId as string;
    await app.db.query(`INSERT INTO ticket_checkins (ticket_id, checked_in_at, checked_in_by, method) VALUES ($1, now(), $2, 'hand')`, [ticketId, owner.id]);
    expect(await cancelOrder(used.orderId)).toEqual({ status: 409, body: { success: false, error: 'A ticket of this order has been checked in: the order can no longer be cancelled.' } });

    const bens = await buyTicket(app, ben.cookie, await refundable(7), 5, [4]);
    expect(await cancelOrder(bens.orderId, ana.cookie)).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
    expect((await cancelOrder(bens.orderId, '')).status).toBe(401);
    expect((await json(await app.request('POST', '/api/orders/abc/cancel', { cookie: ana.cookie, body: {} }))).status).toBe(400);
    for (const id of [none.orderId, closed.orderId, used.orderId, bens.orderId]) expect((await shown(id, id === bens.orderId ? ben.cookie : ana.cookie)).status).toBe('paid');
  });

  it('two cancels of one order at once: one refund', async () => {
    const order = await buyTicket(app, ana.cookie, await refundable(2), 5, [20]);
    const answers = await Promise.all([cancelOrder(order.orderId), cancelOrder(order.orderId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await settledRefunds(app.db, { orderId: order.orderId })).toHaveLength(1);
  });
});
