// Refunds under races and faults, against PostgreSQL in a schema of its own: an event cancelled
// while a buyer is paying leaves no valid ticket; a refund run that stopped half-way (the provider
// down, the process gone) is finished by a later run, and runs at once refund each order once.
import type { SessionClaims } from '../src/auth/session-token';
import { createBackgroundTasks } from '../src/background';
import type { BookingDeps } from '../src/booking';
import { bookSeats } from '../src/booking/booking.service';
import { RecordOnlyProvider } from '../src/booking/payment';
import type { PaymentRequest, ProviderAnswer, RefundAnswer, RefundRequest } from '../src/booking/payment';
import { payOrder } from '../src/booking/payment.service';
import { migrate } from '../src/db/migrate';
import { createLogger } from '../src/logger';
import { cancelEvent } from '../src/refunds/event-cancel.service';
import type { CancelDeps } from '../src/refunds/event-cancel.service';
import { runRefunds } from '../src/refunds/refund-runner';
import { AppError } from '../src/errors';
import { serviceDeps, signedInUsers } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

jest.setTimeout(60_000);

const GCASH = { paymentMethod: 'gcash', paymentType: 'full' } as const;

/** The record-only provider, with what each refund call was asked, and a switch to make it fail. */
class CountingProvider extends RecordOnlyProvider {
  refundCalls: string[] = [];
  failAfter = Infinity;
  onStart: ((p: PaymentRequest) => Promise<void>) | null = null;
  override async start(p: PaymentRequest): Promise<ProviderAnswer> {
    await this.onStart?.(p);
    return super.start(p);
  }
  override async refund(r: RefundRequest): Promise<RefundAnswer> {
    if (this.refundCalls.length >= this.failAfter) throw new Error('provider unreachable');
    this.refundCalls.push(r.refundId);
    return super.refund(r);
  }
}

describe('refunds under races and faults', () => {
  let s: FreshSchema;
  let users: SessionClaims[];
  let admin: SessionClaims;
  let provider: CountingProvider;
  let booking: BookingDeps;
  let cancelling: CancelDeps;
  let seat = 1;

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Lower Box A', 1000, 'lower', 1, 1, 10, 10)`);
    users = await signedInUsers(s.db, 'refund-race', 5);
    admin = users[4] as SessionClaims;
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  });
  beforeEach(() => {
    provider = new CountingProvider();
    booking = { ...serviceDeps(s.db), payments: provider };
    cancelling = { db: s.db, clock: booking.clock, payments: provider, mailQueue: { kick: () => undefined }, tasks: createBackgroundTasks(createLogger('silent')) };
  });

  const newEvent = async (): Promise<number> =>
    (await s.db.query<{ id: number }>(`INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Race', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`)).rows[0]!.id;
  const hold = async (eventId: number, user = 0): Promise<number> => {
    const { status, body } = await bookSeats(booking, users[user] as SessionClaims, { event_id: eventId, section_id: 1, seat_numbers: [seat++] });
    expect(status).toBe(200);
    return body.order!.orderId;
  };
  const pay = (orderId: number, user = 0) => payOrder(booking, users[user] as SessionClaims, orderId, `race-key-${orderId}-${seat++}`, GCASH);
  const cancel = (eventId: number) => cancelEvent(cancelling, eventId, { userId: admin.userId, organizerScope: null, ip: null }, 'Typhoon signal no. 3');
  const statuses = async (eventId: number): Promise<string[]> =>
    (await s.db.query<{ status: string }>('SELECT status FROM orders WHERE event_id = $1 ORDER BY id', [eventId])).rows.map((r) => r.status);

  it('a payment confirmed while its event is cancelled ends refunded, and a later payment is refused', async () => {
    const eventId = await newEvent();
    const paying = await hold(eventId);
    const later = await hold(eventId, 1);
    provider.onStart = async () => {
      await cancel(eventId);
    };
    const paid = await pay(paying);
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.body).order.status).toBe('refund_pending');
    await cancelling.tasks.drain();
    await runRefunds(cancelling, { eventId });
    expect(await statuses(eventId)).toEqual(['refunded', 'held']);
    provider.onStart = null;
    await expect(pay(later, 1)).rejects.toEqual(new AppError(409, 'This event has been cancelled: it can no longer be booked.'));
    const { rows } = await s.db.query(`SELECT 1 FROM mail_queue WHERE dedupe_key = $1`, [`event-cancelled:${paying}`]);
    expect(rows).toHaveLength(1);
  });

  it('payments and a cancellation at the same moment: never a paid order of a cancelled event', async () => {
    for (let run = 0; run < 8; run += 1) {
      const eventId = await newEvent();
      const holds = await Promise.all([0, 1, 2, 3].map((u) => hold(eventId, u)));
      const outcomes = await Promise.allSettled([...holds.map((id, i) => pay(id, i)), cancel(eventId)]);
      expect(outcomes.every((o) => o.status === 'fulfilled' || (o.reason instanceof AppError && o.reason.status === 409))).toBe(true);
      await cancelling.tasks.drain();
      await runRefunds(cancelling, { eventId });
      const after = await statuses(eventId);
      expect(after.filter((st) => st === 'paid' || st === 'refund_pending')).toEqual([]);
      const { rows } = await s.db.query<{ orders: number; refunds: number }>(
        `SELECT count(DISTINCT o.id) FILTER (WHERE o.status = 'refunded')::int AS orders, count(r.id)::int AS refunds FROM orders o LEFT JOIN refunds r ON r.order_id = o.id WHERE o.event_id = $1`,
        [eventId],
      );
      expect(rows[0]!.refunds).toBe(rows[0]!.orders);
    }
  });

  it('a refund run stopped half-way is finished by a later one, and two runs at once refund each order once', async () => {
    const eventId = await newEvent();
    const orders: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const id = await hold(eventId, i % 4);
      expect((await pay(id, i % 4)).status).toBe(200);
      orders.push(id);
    }
    // The provider answers ten refunds, then is gone: the rest stay pending.
    provider.failAfter = 10;
    await cancel(eventId);
    await cancelling.tasks.drain();
    const pending = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = $1 AND r.state = 'pending'`, [eventId]);
    expect(pending.rows[0]!.n).toBe(20);

    provider.failAfter = Infinity;
    const settled = await Promise.all([runRefunds(cancelling), runRefunds(cancelling)]);
    expect(settled[0] + settled[1]).toBe(20);
    expect(await statuses(eventId)).toEqual(orders.map(() => 'refunded'));
    const { rows } = await s.db.query<{ refunds: number; trail: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = $1) AS refunds,
              (SELECT count(*)::int FROM audit_trail WHERE action = 'order.refunded' AND event_id = $1) AS trail,
              (SELECT count(*)::int FROM mail_queue WHERE dedupe_key LIKE 'refunded:%' AND dedupe_key IN (
                 SELECT 'refunded:' || r.id FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.event_id = $1)) AS mails`,
      [eventId],
    );
    expect(rows[0]).toEqual({ refunds: 30, trail: 30, mails: 30 });
    // The provider may be asked twice about one refund (two runs at once): it is its idempotency key.
    expect(new Set(provider.refundCalls).size).toBe(30);
  });
});
