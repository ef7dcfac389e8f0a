// The ticket mail a paid order owes its buyer: sent once by the paying process after the commit
// (held, in order, while that process is at a peak);
// when that process could not (its transport refused, it died, the sweep settled the payment) the
// sweep sends it once the payment's lease ends, once, however many sweeps run at once; a refunded
// order owes nothing; a mail refused too often is left for a person. Runs the services in a schema
// of its own (it moves the clock and sweeps every due mail of the schema).
import type { SessionClaims } from '../src/auth/session-token';
import { createBackgroundTasks } from '../src/background';
import type { BackgroundTasks } from '../src/background';
import { bookSeats } from '../src/booking/booking.service';
import type { BookingDeps } from '../src/booking/booking.service';
import { payOrder, reconcilePendingPayments } from '../src/booking/payment.service';
import type { PaymentProvider, PaymentRequest, ProviderAnswer, RefundAnswer, RefundRequest } from '../src/booking/payment';
import { offsetClock } from '../src/clock';
import type { OffsetClock } from '../src/clock';
import { createLogger } from '../src/logger';
import { createOffPeakQueue } from '../src/off-peak';
import { migrate } from '../src/db';
import { MAIL_MAX_ATTEMPTS } from '../src/mail/mail-queue';
import type { Mailer, MailMessage } from '../src/mail/mailer';
import { sendDueTicketMails, TICKET_MAIL_LEASE_MS } from '../src/mail/owed-ticket-mail';
import { serviceDeps, signedInUsers } from './support/booking';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

jest.setTimeout(60_000);

const GCASH = { paymentMethod: 'gcash', paymentType: 'full' } as const;
const orderOf = (mail: MailMessage): number => Number(/\(order TXN-(\d+)\)/.exec(mail.subject)?.[1]);

/** Keeps what it sends; refuses everything while `down`. */
function capturingMailer(): Mailer & { sent: MailMessage[]; down: boolean } {
  const mailer = {
    kind: 'smtp' as const,
    sent: [] as MailMessage[],
    down: false,
    async send(message: MailMessage) {
      if (mailer.down) throw new Error('SMTP server unreachable');
      mailer.sent.push(message);
    },
    close: () => undefined,
  };
  return mailer;
}

/** Confirms every payment, or leaves it pending with the provider until the sweep looks it up. */
class Provider implements PaymentProvider {
  readonly name = 'test';
  pending = false;
  async start(p: PaymentRequest): Promise<ProviderAnswer> {
    return this.pending ? { status: 'pending' } : { status: 'confirmed', reference: `test:${p.attemptId}` };
  }
  async lookup(p: PaymentRequest): Promise<ProviderAnswer> {
    return { status: 'confirmed', reference: `test-late:${p.attemptId}` };
  }
  async refund(r: RefundRequest): Promise<RefundAnswer> {
    return { status: 'refunded', reference: `test-refund:${r.refundId}` };
  }
}

describe('the ticket mail a paid order owes', () => {
  let s: FreshSchema;
  let clock: OffsetClock;
  let tasks: BackgroundTasks;
  let mailer: ReturnType<typeof capturingMailer>;
  let provider: Provider;
  let deps: BookingDeps;
  let user: SessionClaims;
  let eventId: number;
  let nextSeat = 1;

  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
    await s.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
    [user] = (await signedInUsers(s.db, 'owed-mail', 1)) as [SessionClaims];
    const e = await s.db.query<{ id: number }>(`INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Owed Mail Cup', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`);
    eventId = (e.rows[0] as { id: number }).id;
  }, 60_000);
  afterAll(async () => {
    await tasks?.drain();
    await s?.drop();
  });
  beforeEach(() => {
    clock = offsetClock();
    tasks = createBackgroundTasks(createLogger('silent'));
    mailer = capturingMailer();
    provider = new Provider();
    deps = { ...serviceDeps(s.db, clock), payments: provider, mail: { mailer, tasks } };
  });

  /** An order of one seat paid with `payingDeps`, after its paying process's mail task ran. */
  async function paidOrder(payingDeps: BookingDeps = deps): Promise<number> {
    const { status, body } = await bookSeats(payingDeps, user, { event_id: eventId, section_id: 1, seat_numbers: [nextSeat++] });
    expect(status).toBe(200);
    const orderId = body.order?.orderId as number;
    expect((await payOrder(payingDeps, user, orderId, `owed-mail-${orderId}`, GCASH)).status).toBe(200);
    await tasks.drain();
    return orderId;
  }
  const owed = async (orderIds: number[]) =>
    (
      await s.db.query<{ id: number; owed: boolean; attempts: number }>(
        `SELECT o.id, m.order_id IS NOT NULL AS owed, coalesce(m.attempts, 0) AS attempts
         FROM orders o LEFT JOIN ticket_mails_owed m ON m.order_id = o.id WHERE o.id = ANY ($1::int[]) ORDER BY o.id`,
        [orderIds],
      )
    ).rows;
  const afterLease = () => clock.advance(TICKET_MAIL_LEASE_MS + 1);

  it('the paying process sends it once after the commit; nothing is owed after, so the sweep sends nothing', async () => {
    const orderId = await paidOrder();
    expect(mailer.sent.map(orderOf)).toEqual([orderId]);
    expect(mailer.sent[0]?.attachments?.map((a) => a.filename)).toEqual([expect.stringMatching(/^ticket-.+-qr\.png$/), `ticket-${orderId}.ics`]);
    expect(await owed([orderId])).toEqual([{ id: orderId, owed: false, attempts: 0 }]);
    afterLease();
    expect(await sendDueTicketMails(deps, 100)).toBe(0);
    expect(mailer.sent).toHaveLength(1);
  });

  it('a process at a peak holds its mails, owed, and sends them in order of payment once it is not; dying meanwhile loses none', async () => {
    let peak = true;
    const gauge = { hit: () => undefined, perSecond: () => (peak ? 1_000 : 0) };
    const held: BookingDeps = { ...deps, mail: { mailer, tasks, offPeak: createOffPeakQueue(tasks, gauge, { peakPerSecond: 50, checkMs: 10 }) } };
    const pay = async (): Promise<number> => {
      const { body } = await bookSeats(held, user, { event_id: eventId, section_id: 1, seat_numbers: [nextSeat++] });
      const orderId = body.order?.orderId as number;
      expect((await payOrder(held, user, orderId, `off-peak-${orderId}`, GCASH)).status).toBe(200);
      return orderId;
    };
    const orderIds = [await pay(), await pay(), await pay()];
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent).toEqual([]);
    expect((await owed(orderIds)).map((o) => o.owed)).toEqual([true, true, true]);
    peak = false;
    await tasks.drain();
    expect(mailer.sent.map(orderOf)).toEqual(orderIds);
    expect((await owed(orderIds)).map((o) => o.owed)).toEqual([false, false, false]);

    // A process that stops or dies at its peak: its mails stay owed (stopping does not wait for
    // them), and the sweep sends them after the lease.
    peak = true;
    const orphans = [await pay(), await pay()];
    await tasks.close();
    expect(mailer.sent).toHaveLength(3);
    expect((await owed(orphans)).map((o) => o.owed)).toEqual([true, true]);
    afterLease();
    expect(await sendDueTicketMails(deps, 100)).toBe(2);
    expect(mailer.sent.map(orderOf)).toEqual([...orderIds, ...orphans]);
    peak = false;
    await tasks.drain();
    expect(mailer.sent).toHaveLength(5);
  });

  it('a mail the transport refused stays owed; the sweep sends it once the lease ends, and only once', async () => {
    mailer.down = true;
    const orderId = await paidOrder();
    expect(await owed([orderId])).toEqual([{ id: orderId, owed: true, attempts: 0 }]);
    mailer.down = false;
    // Within the paying process's lease the sweep leaves it alone.
    expect(await sendDueTicketMails(deps, 100)).toBe(0);
    afterLease();
    expect(await sendDueTicketMails(deps, 100)).toBe(1);
    expect(await sendDueTicketMails(deps, 100)).toBe(0);
    afterLease();
    expect(await sendDueTicketMails(deps, 100)).toBe(0);
    expect(mailer.sent.map(orderOf)).toEqual([orderId]);
    expect(await owed([orderId])).toEqual([{ id: orderId, owed: false, attempts: 0 }]);
  });

  it('a process that died before sending: sweeps running at once send each mail once, oldest order first', async () => {
    // The paying process dies after the commit, before its mail task runs.
    const dead: BookingDeps = { ...deps };
    delete dead.mail;
    const orderIds: number[] = [];
    for (let i = 0; i < 6; i += 1) orderIds.push(await paidOrder(dead));
    expect(mailer.sent).toEqual([]);
    afterLease();
    const counts = await Promise.all([1, 2, 3].map(() => sendDueTicketMails(deps, 2)));
    expect(counts).toEqual([2, 2, 2]);
    expect([...mailer.sent.map(orderOf)].sort((a, b) => a - b)).toEqual(orderIds);
    mailer.sent.length = 0;
    afterLease();
    expect(await Promise.all([1, 2].map(() => sendDueTicketMails(deps, 100)))).toEqual([0, 0]);
    expect(mailer.sent).toEqual([]);
  });

  it('a payment the sweep settled gets its mail from the sweep', async () => {
    provider.pending = true;
    const { body } = await bookSeats(deps, user, { event_id: eventId, section_id: 1, seat_numbers: [nextSeat++] });
    const orderId = body.order?.orderId as number;
    // The provider has not answered yet: the buyer is told to wait, the order is being paid.
    await expect(payOrder(deps, user, orderId, `owed-mail-${orderId}`, GCASH)).rejects.toThrow();
    provider.pending = false;
    expect(await reconcilePendingPayments(deps, { olderThanMs: 0 })).toBe(1);
    await tasks.drain();
    expect(mailer.sent.map(orderOf)).toEqual([orderId]);
    expect(await owed([orderId])).toEqual([{ id: orderId, owed: false, attempts: 0 }]);
  });

  it('a refunded order owes nothing any more (its row goes); a mail refused every time is tried MAIL_MAX_ATTEMPTS times, then left', async () => {
    mailer.down = true;
    const refunded = await paidOrder();
    const refused = await paidOrder();
    await s.db.query(`UPDATE orders SET status = 'refunded' WHERE id = $1`, [refunded]);
    for (let i = 0; i < MAIL_MAX_ATTEMPTS + 2; i += 1) {
      afterLease();
      await sendDueTicketMails(deps, 100);
    }
    expect(mailer.sent).toEqual([]);
    expect(await owed([refunded, refused])).toEqual([
      { id: refunded, owed: false, attempts: 0 },
      { id: refused, owed: true, attempts: MAIL_MAX_ATTEMPTS },
    ]);
  });
});
