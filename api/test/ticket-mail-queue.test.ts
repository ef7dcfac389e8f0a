// The ticket mail off the payment's path: queued in the payment's transaction, sent after the
// commit by the paying process, kept with its error when the transport refuses, sent once by
// workers running at once, and sent later when the process taking it dies.
import { createTicketSigner, resolveSigningKey } from '../src/orders/ticket-signing';
import { deliverTicketMails } from '../src/mail/ticket-mail-queue';
import type { TicketMailSender } from '../src/mail/ticket-mail-queue';
import type { MailMessage } from '../src/mail/mailer';
import { capturingMailer } from './support/capturing-mailer';
import { book, createEvent, newSession, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';

jest.setTimeout(60_000);

const orderOf = (mail: MailMessage): number => Number(/\(order (\d+)\)/.exec(mail.subject)?.[1]);

async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await check()); await new Promise((r) => setTimeout(r, 25))) {
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
  }
}

describe('the ticket mail queue', () => {
  const mailer = capturingMailer();
  let app: BookingApp;
  let sender: TicketMailSender;
  let eventId: number;
  let nextSeat = 1;
  beforeAll(async () => {
    app = await startBookingApp({ mailer });
    sender = { db: app.db, clock: app.clock, signer: createTicketSigner(resolveSigningKey(app.config.booking.ticketSigningKey)), mailer };
    eventId = await createEvent(app.db);
  });
  afterAll(async () => {
    await app.stop();
  });
  beforeEach(() => {
    mailer.down = false;
    mailer.sent.length = 0;
  });

  async function paidOrder(): Promise<number> {
    const buyer = await newSession(app);
    const orderId = (await book(app, buyer.cookie, eventId, 1, [nextSeat++])).body.order?.orderId as number;
    const res = await app.request('POST', `/api/orders/${orderId}/pay`, { cookie: buyer.cookie, headers: { 'Idempotency-Key': `mail-queue-${orderId}` }, body: { paymentMethod: 'gcash' } });
    if (res.status !== 200) throw new Error(`payment failed: ${res.status} ${await res.text()}`);
    return orderId;
  }

  const queued = async (orderIds: number[]) =>
    (
      await app.db.query<{ order_id: number; sent: boolean; attempts: number; last_error: string | null }>(
        'SELECT order_id, sent_at IS NOT NULL AS sent, attempts, last_error FROM ticket_mail_queue WHERE order_id = ANY ($1::int[]) ORDER BY order_id',
        [orderIds],
      )
    ).rows;

  it('queues the mail in the payment and sends it once after the commit', async () => {
    const orderId = await paidOrder();
    await until('the ticket mail', () => mailer.sent.some((m) => orderOf(m) === orderId));
    await new Promise((r) => setTimeout(r, 200));
    expect(mailer.sent.filter((m) => orderOf(m) === orderId)).toHaveLength(1);
    expect(await queued([orderId])).toEqual([{ order_id: orderId, sent: true, attempts: 1, last_error: null }]);
  });

  it('keeps a mail the transport refused, with its error, and sends it once on a later run', async () => {
    mailer.down = true;
    const orderId = await paidOrder();
    await until('the refusal', async () => (await queued([orderId]))[0]?.attempts === 1);
    expect(await queued([orderId])).toEqual([{ order_id: orderId, sent: false, attempts: 1, last_error: 'Error: SMTP server unreachable' }]);
    mailer.down = false;
    // A stopping process sends nothing more: the mail stays queued.
    expect(await deliverTicketMails(sender, { orderIds: [orderId], stop: () => true })).toBe(0);
    expect(await deliverTicketMails(sender, { orderIds: [orderId] })).toBe(1);
    expect(await deliverTicketMails(sender, { orderIds: [orderId] })).toBe(0);
    expect(mailer.sent.map(orderOf)).toEqual([orderId]);
    expect(mailer.sent[0]?.attachments?.map((a) => a.filename)).toEqual([expect.stringMatching(/^ticket-.+-qr\.png$/), `ticket-${orderId}.ics`]);
  });

  it('sends in order of the orders; workers at once send each mail once; a process dying while it sends leaves that mail queued', async () => {
    mailer.down = true;
    const orderIds: number[] = [];
    for (let i = 0; i < 12; i += 1) orderIds.push(await paidOrder());
    await until('every refusal', async () => (await queued(orderIds)).every((q) => q.attempts === 1));
    mailer.down = false;

    // A process takes the first mail and dies before it is marked sent (its transaction never commits).
    let dying!: () => void;
    const died = new Promise<void>((resolve) => (dying = resolve));
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => (taken = resolve));
    const dead = app.db
      .withTransaction(async (tx) => {
        await tx.query('SELECT 1 FROM ticket_mail_queue WHERE order_id = $1 FOR UPDATE', [orderIds[0]]);
        taken();
        await died;
        throw new Error('the process died');
      })
      .catch(() => undefined);
    await isTaken;
    const counts = await Promise.all([1, 2, 3].map(() => deliverTicketMails(sender, { orderIds })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(11);
    dying();
    await dead;
    expect(await deliverTicketMails(sender, { orderIds })).toBe(1);
    expect([...mailer.sent.map(orderOf)].sort((a, b) => a - b)).toEqual(orderIds);
    expect((await queued(orderIds)).every((q) => q.sent && q.attempts === 2)).toBe(true);

    // One worker alone sends them lowest order first.
    mailer.sent.length = 0;
    mailer.down = true;
    const later = [await paidOrder(), await paidOrder(), await paidOrder()];
    await until('the refusals', async () => (await queued(later)).every((q) => q.attempts === 1));
    mailer.down = false;
    await deliverTicketMails(sender, { orderIds: [...later].reverse() });
    expect(mailer.sent.map(orderOf)).toEqual(later);
  });
});
