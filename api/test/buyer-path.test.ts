// The buyer's path in the API: one hold under the buyer's control (changed, not
// duplicated; released), free orders paid with no method, seats named as the grid names them,
// and the confirmation mail with its QR image and calendar file.
import type { OrderResponse } from '@sports/contracts';
import { formatTransactionNo, parseTicketQr } from '@sports/contracts';
import type { Mailer } from '../src/mail/mailer';
import { checkBookingInvariants } from '../src/booking/invariants';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';
import { memoryLogger, testConfig } from './support/helpers';
import { icsEvents, readIcs, unescapeText } from './support/ics';

interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

async function waitForTicketMail(app: BookingApp, to: string, orderId: number): Promise<{ subject: string; text: string; attachments: OutboxAttachment[] }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { rows } = await app.db.query<{ subject: string; text: string; attachments: OutboxAttachment[] }>(
      `SELECT subject, text, attachments FROM mail_outbox WHERE lower("to") = lower($1) AND subject LIKE $2 ORDER BY id DESC LIMIT 1`,
      [to, `%(order ${formatTransactionNo(orderId)})`],
    );
    if (rows[0]) return rows[0];
    if (Date.now() > deadline) throw new Error(`no ticket mail for order ${orderId}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the buyer's path", () => {
  let app: BookingApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    app = await startBookingApp({ config: { booking: { ...testConfig().booking, holdSweepSeconds: 0, maxSeatsPerAccount: 10 } } });
    [alice, bob] = await Promise.all([newSession(app), newSession(app)]);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });
  afterEach(() => app.clock.reset());

  const pay = (session: Session, orderId: number, key: string, body: Record<string, unknown> = { paymentMethod: 'gcash', paymentType: 'full' }) =>
    app.request('POST', `/api/orders/${orderId}/pay`, { cookie: session.cookie, headers: { 'Idempotency-Key': key }, body });
  const release = (session: Session, orderId: number) => app.request('POST', `/api/orders/${orderId}/release`, { cookie: session.cookie, body: {} });
  const heldOrders = async (userId: number, eventId: number) =>
    (await app.db.query<{ id: number; section_id: number; seat_count: number }>(
      `SELECT id, section_id, seat_count FROM orders WHERE user_id = $1 AND event_id = $2 AND status = 'held' ORDER BY id`,
      [userId, eventId],
    )).rows;
  const taken = async (eventId: number, sectionId: number) =>
    (await json<{ bookedSeats: number[] }>(await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${eventId}&section_id=${sectionId}`))).body.bookedSeats;

  describe('one hold, under the buyer\'s control', () => {
    it('naming the hold changes it: same order, new seats, no second hold', async () => {
      const eventId = await createEvent(app.db);
      const first = await book(app, alice.cookie, eventId, 1, [1, 2]);
      const orderId = first.body.order?.orderId as number;
      const changed = await book(app, alice.cookie, eventId, 1, [2, 3, 4], { order_id: orderId });
      expect(changed.status).toBe(200);
      expect(changed.body.order).toMatchObject({ orderId, seats: [2, 3, 4], seatNames: ['A2', 'A3', 'A4'], totalAmount: 450, status: 'held' });
      expect(await heldOrders(alice.id, eventId)).toEqual([{ id: orderId, section_id: 1, seat_count: 3 }]);
      expect(await taken(eventId, 1)).toEqual([2, 3, 4]);
      // Moving to another section keeps the one order too, and frees the old section's seats.
      const moved = await book(app, alice.cookie, eventId, 2, [40], { order_id: orderId });
      expect(moved.body.order).toMatchObject({ orderId, section: { id: 2 }, seats: [40] });
      expect(await heldOrders(alice.id, eventId)).toEqual([{ id: orderId, section_id: 2, seat_count: 1 }]);
      expect(await taken(eventId, 1)).toEqual([]);
      expect(await taken(eventId, 2)).toEqual([40]);
      expect((await checkBookingInvariants(app.db, eventId)).violations).toEqual([]);
    });

    it('all or nothing: a seat taken by someone else leaves the hold as it was', async () => {
      const eventId = await createEvent(app.db);
      const orderId = (await book(app, alice.cookie, eventId, 3, [10, 11])).body.order?.orderId as number;
      expect((await book(app, bob.cookie, eventId, 3, [12])).status).toBe(200);
      const refused = await book(app, alice.cookie, eventId, 3, [11, 12, 13], { order_id: orderId });
      expect(refused).toEqual({ status: 409, body: { success: false, booked: [], alreadyBooked: [12], error: 'Some seats are already booked' } });
      expect(await heldOrders(alice.id, eventId)).toEqual([{ id: orderId, section_id: 3, seat_count: 2 }]);
      expect(await taken(eventId, 3)).toEqual([10, 11, 12]);
      expect((await checkBookingInvariants(app.db, eventId)).violations).toEqual([]);
    });

    it('the hold being changed counts once against MAX_SEATS_PER_ACCOUNT', async () => {
      const eventId = await createEvent(app.db);
      const orderId = (await book(app, alice.cookie, eventId, 4, [1, 2, 3, 4, 5, 6, 7, 8])).body.order?.orderId as number;
      const ten = Array.from({ length: 10 }, (_, i) => 20 + i);
      expect((await book(app, alice.cookie, eventId, 4, ten, { order_id: orderId })).body.order).toMatchObject({ orderId, seats: ten });
      expect(await heldOrders(alice.id, eventId)).toEqual([{ id: orderId, section_id: 4, seat_count: 10 }]);
    });

    it('a hold that is not the buyer\'s live one is never changed: a new hold is made', async () => {
      const eventId = await createEvent(app.db);
      const bobs = (await book(app, bob.cookie, eventId, 5, [1])).body.order?.orderId as number;
      const mine = await book(app, alice.cookie, eventId, 5, [2], { order_id: bobs });
      expect(mine.status).toBe(200);
      expect(mine.body.order?.orderId).not.toBe(bobs);
      expect(await heldOrders(bob.id, eventId)).toEqual([{ id: bobs, section_id: 5, seat_count: 1 }]);
      // Expired: a new one.
      app.clock.advance(11 * 60_000);
      const again = await book(app, alice.cookie, eventId, 5, [3], { order_id: mine.body.order?.orderId });
      expect(again.body.order?.orderId).not.toBe(mine.body.order?.orderId);
    });

    it('Release seats: the owner expires the hold and its seats are free; others get 404; a paid order cannot be released', async () => {
      const eventId = await createEvent(app.db);
      const orderId = (await book(app, alice.cookie, eventId, 6, [7, 8])).body.order?.orderId as number;
      expect((await release(bob, orderId)).status).toBe(404);
      expect(await json(await release(bob, 2_000_000_000))).toEqual({ status: 404, body: { success: false, error: 'Order not found' } });
      expect(await taken(eventId, 6)).toEqual([7, 8]);
      const released = await json<OrderResponse>(await release(alice, orderId));
      expect(released.status).toBe(200);
      expect(released.body.order).toMatchObject({ orderId, status: 'expired' });
      expect(await taken(eventId, 6)).toEqual([]);
      expect(await heldOrders(alice.id, eventId)).toEqual([]);
      // Again: nothing more to do, same answer.
      expect((await release(alice, orderId)).status).toBe(200);
      // Paying a released hold is refused as expired.
      expect((await pay(alice, orderId, `released-${orderId}`)).status).toBe(410);
      // A paid order.
      const paidId = (await book(app, alice.cookie, eventId, 6, [9])).body.order?.orderId as number;
      expect((await pay(alice, paidId, `paid-${paidId}`)).status).toBe(200);
      expect(await json(await release(alice, paidId))).toEqual({ status: 409, body: { success: false, error: 'This order is paid: its seats cannot be released.' } });
      expect(await taken(eventId, 6)).toEqual([9]);
      expect((await checkBookingInvariants(app.db, eventId)).violations).toEqual([]);
    });
  });

  describe('free events', () => {
    it('a free order is paid with no method, and says Free: no method in the summary, "free" in the signed payload', async () => {
      const eventId = await createEvent(app.db, { price: 0 });
      const orderId = (await book(app, alice.cookie, eventId, 1, [1])).body.order?.orderId as number;
      const paid = await json<OrderResponse>(await pay(alice, orderId, `free-${orderId}`, { paymentType: 'full' }));
      expect(paid.status).toBe(200);
      expect(paid.body.order).toMatchObject({ status: 'paid', totalAmount: 0, seatNames: ['A1'] });
      expect(paid.body.order.paymentMethod).toBeUndefined();
      const qr = paid.body.order.tickets?.[0]?.qr as string;
      expect(parseTicketQr(qr)).toMatchObject({ paymentMethod: 'free', totalAmount: 0, seats: [1], seat: 1 });
      const verified = await json(await app.request('POST', '/api/tickets/verify', { body: { qr } }));
      expect(verified.body).toMatchObject({ valid: true });
      // A method sent anyway is not recorded: none was used.
      const other = (await book(app, alice.cookie, eventId, 1, [2])).body.order?.orderId as number;
      const withMethod = await json<OrderResponse>(await pay(alice, other, `free-m-${other}`));
      expect(withMethod.status).toBe(200);
      expect(withMethod.body.order.paymentMethod).toBeUndefined();
      const { rows } = await app.db.query('SELECT payment_method FROM orders WHERE id = ANY($1) ORDER BY id', [[orderId, other]]);
      expect(rows).toEqual([{ payment_method: null }, { payment_method: null }]);
    });

    it('an order with a price needs a method, and the database refuses a paid order with a price and no method', async () => {
      const eventId = await createEvent(app.db, { price: 100 });
      const orderId = (await book(app, alice.cookie, eventId, 1, [1])).body.order?.orderId as number;
      expect(await json(await pay(alice, orderId, `nomethod-${orderId}`, { paymentType: 'full' }))).toEqual({ status: 400, body: { success: false, error: 'Choose a payment method.' } });
      await expect(
        app.db.query(`UPDATE orders SET status = 'paid', payment_type = 'full', paid_at = now(), ticket_id = 'AAAAAAAAAAAAAAAAAAAAAA' WHERE id = $1`, [orderId]),
      ).rejects.toThrow(/orders_paid_complete/);
    });
  });

  describe('tickets you can find and keep', () => {
    it('after payment a mail with the order number, the seats as A3, the QR as PNG and the .ics; the same .ics downloads', async () => {
      const eventId = await createEvent(app.db, { price: 150 });
      // Upper Box D (183 seats): row A is 1..31, row B starts at 32.
      const orderId = (await book(app, alice.cookie, eventId, 1, [3, 32])).body.order?.orderId as number;
      const paid = await json<OrderResponse>(await pay(alice, orderId, `mail-${orderId}`));
      expect(paid.body.order.seatNames).toEqual(['A3', 'B32']);
      const mail = await waitForTicketMail(app, alice.email, orderId);
      expect(mail.text).toContain(`Order number: ${formatTransactionNo(orderId)}`);
      expect(mail.text).toContain('Seats: A3, B32');
      expect(mail.text).toContain('Payment: GCash');
      // One QR image per seat's ticket, then the calendar file.
      expect(mail.attachments.map((a) => [a.filename, a.contentType.split(';')[0]])).toEqual([
        ['ticket-A3-qr.png', 'image/png'],
        ['ticket-B32-qr.png', 'image/png'],
        [`ticket-${orderId}.ics`, 'text/calendar'],
      ]);
      for (const [i, ticket] of (paid.body.order.tickets ?? []).entries()) {
        const png = Buffer.from(mail.attachments[i]?.content as string, 'base64');
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(mail.text).toContain(`Seat ${ticket.seatName}: code ${ticket.code}`);
        expect(mail.text).toContain(`/tickets/${ticket.ticketId}`);
      }
      const ics = Buffer.from(mail.attachments[2]?.content as string, 'base64').toString('utf8');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain(`UID:order-${orderId}@`);
      expect(ics).toContain('A3 B32');

      const download = await app.request('GET', `/api/orders/${orderId}/calendar.ics`, { cookie: alice.cookie });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="ticket-${orderId}.ics"`);
      expect(await download.text()).toBe(ics);
      // Only the owner's paid order.
      expect((await app.request('GET', `/api/orders/${orderId}/calendar.ics`, { cookie: bob.cookie })).status).toBe(404);
      const held = (await book(app, alice.cookie, eventId, 1, [5])).body.order?.orderId as number;
      expect((await app.request('GET', `/api/orders/${held}/calendar.ics`, { cookie: alice.cookie })).status).toBe(404);
    });

    it('an event titled and placed with a bare CR and a VALARM: the .ics download and the mail\'s keep one VEVENT with no alarm', async () => {
      const eventId = await createEvent(app.db, { price: 150 });
      const title = 'ICS test\rBEGIN:VALARM\rACTION:DISPLAY\rTRIGGER:-PT15M\rDESCRIPTION:Pay again\rEND:VALARM';
      const venue = 'Hall 2\r\nLOCATION:Elsewhere;\nX-EVIL:1';
      await app.db.query('UPDATE events SET title = $2, venue_name = $3 WHERE id = $1', [eventId, title, venue]);
      const orderId = (await book(app, alice.cookie, eventId, 1, [7])).body.order?.orderId as number;
      expect((await pay(alice, orderId, `ics-${orderId}`)).status).toBe(200);
      const mail = await waitForTicketMail(app, alice.email, orderId);
      const attached = Buffer.from(mail.attachments.find((a) => a.filename.endsWith('.ics'))?.content as string, 'base64').toString('utf8');
      const download = await app.request('GET', `/api/orders/${orderId}/calendar.ics`, { cookie: alice.cookie });
      expect(download.status).toBe(200);
      const ics = await download.text();
      expect(ics).toBe(attached);
      const lines = readIcs(ics);
      expect(lines.filter((l) => l.name === 'BEGIN' || l.name === 'END').map((l) => `${l.name}:${l.value}`)).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR']);
      const [event] = icsEvents(lines);
      expect(event?.get('X-EVIL')).toBeUndefined();
      expect(event?.get('LOCATION')).toHaveLength(1);
      expect(unescapeText(event?.get('SUMMARY')?.[0]?.value ?? '')).toBe(title.replace(/\r/g, ' '));
      expect(unescapeText(event?.get('LOCATION')?.[0]?.value ?? '')).toBe('Hall 2 LOCATION:Elsewhere; X-EVIL:1');
    });

    it('a free ticket mail says Free', async () => {
      const eventId = await createEvent(app.db, { price: 0 });
      const orderId = (await book(app, bob.cookie, eventId, 2, [1])).body.order?.orderId as number;
      expect((await pay(bob, orderId, `free-mail-${orderId}`, { paymentType: 'full' })).status).toBe(200);
      const mail = await waitForTicketMail(app, bob.email, orderId);
      expect(mail.text).toContain('Total: Free');
      expect(mail.text).toContain('Payment: Free');
      expect(mail.text).not.toMatch(/GCash|PayMaya|BDO|VISA/);
    });
  });
});

describe('a mailer that fails', () => {
  it('never fails the payment: the ticket stands and the failure is logged', async () => {
    const { logger, lines } = memoryLogger();
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP is down')), close: () => undefined };
    const app = await startBookingApp({ prepare: false, mailer: failing, logger });
    try {
      const carol = await newSession(app);
      const eventId = await createEvent(app.db);
      const orderId = (await book(app, carol.cookie, eventId, 1, [1])).body.order?.orderId as number;
      const res = await app.request('POST', `/api/orders/${orderId}/pay`, {
        cookie: carol.cookie,
        headers: { 'Idempotency-Key': `failing-mail-${orderId}` },
        body: { paymentMethod: 'visa', paymentType: 'full' },
      });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 5_000;
      while (!lines().some((l) => l.task === 'ticket confirmation mail') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(lines().find((l) => l.task === 'ticket confirmation mail')).toMatchObject({ msg: 'background task failed' });
      const { rows } = await app.db.query('SELECT status FROM orders WHERE id = $1', [orderId]);
      expect(rows).toEqual([{ status: 'paid' }]);
    } finally {
      await app.stop();
    }
  });
});
