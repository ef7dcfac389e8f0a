// Giving a ticket to someone (PRODUCT §9, docs/transfers.md): the giver hears the same for an
// address with an account and one without; an account accepts it in My Tickets, another address
// claims it when it registers; only then does the giver see it claimed. The old QR and code are
// refused at the gate as transferred from the moment it is given, and the new ticket admits; the
// sender can take a pending transfer back; the refusals change nothing; two transfers of one
// ticket at once, exactly one wins; both people are mailed; the organizer's attendee list shows the
// new holder; a first Google sign-in claims like a registration.
import type { AttendeesResponse, CheckinResponse, MyTransfersResponse, OrderSummary, OrdersResponse, TransferResponse } from '@sports/contracts';
import { myTransfersResponseSchema, transferResponseSchema } from '@sports/contracts';
import { TRANSFER_MESSAGES } from '../src/transfers/transfers.service';
import { confirmAddress, mailsFor, registration, sessionCookieOf, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import { googleClaims, rsaKey, signIdToken, startJwks, TEST_GOOGLE_CLIENT_ID } from './support/google';
import type { LocalJwks, TestKey } from './support/google';
import type { BookingApp } from './support/booking';
import { buyTicket, ownEvent, signedIn } from './support/organizer';
import type { Person } from './support/organizer';
import { acceptTransfer, giveAndAccept } from './support/transfers';

jest.setTimeout(60_000);

const HOUR = 3_600_000;

describe('giving a ticket to someone', () => {
  let app: BookingApp;
  let owner: Person;
  let buyer: Person;
  let friend: Person;
  let eventId: number;
  let nextSeat = 1;
  const TITLE = `Transfer test ${process.pid}`;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, buyer, friend] = await Promise.all([signedIn(app, 'Organizer', 'Olga'), signedIn(app, 'Participant', 'Bea'), signedIn(app, 'Participant', 'Fidel')]);
    eventId = await ownEvent(app.db, owner.id, { title: TITLE });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const buy = async (count = 1, event = eventId, who = buyer): Promise<OrderSummary> => {
    const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
    nextSeat += count;
    return buyTicket(app, who.cookie, event, 5, seats);
  };
  const ticketOf = (order: OrderSummary, index = 0) => {
    const t = order.tickets?.[index];
    if (!t) throw new Error(`order ${order.orderId} has no ticket ${index}`);
    return t;
  };
  const give = async (ticketId: string, email: unknown, cookie = buyer.cookie) =>
    json<TransferResponse & { error?: string }>(await app.request('POST', `/api/tickets/${ticketId}/transfer`, { cookie, body: { email } }));
  const revoke = async (transferId: number, cookie = buyer.cookie) => json<TransferResponse & { error?: string }>(await app.request('POST', `/api/transfers/${transferId}/revoke`, { cookie, body: {} }));
  const mine = async (cookie: string) => {
    const res = await json<MyTransfersResponse>(await app.request('GET', '/api/my/transfers', { cookie }));
    expect(res.status).toBe(200);
    return myTransfersResponseSchema.parse(res.body);
  };
  const orders = async (cookie: string) => (await json<OrdersResponse>(await app.request('GET', '/api/my/orders', { cookie }))).body.orders;
  const scan = async (qr: string) => json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr, override: true } }));
  const ticketRows = async (orderId: number) =>
    (await app.db.query<{ id: string; transferred: boolean; holder: number | null }>('SELECT id, transferred_at IS NOT NULL AS transferred, holder_user_id AS holder FROM tickets WHERE order_id = $1 ORDER BY seat_number, id', [orderId])).rows;
  /** The mail to `to` with this subject, once the queue has sent it. */
  const mailTo = async (to: string, subject: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = (await mailsFor(app.db, to)).find((m) => m.subject === subject);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${to}; got ${(await mailsFor(app.db, to)).map((m) => m.subject).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const trail = async (orderId: number) => (await app.db.query<{ action: string }>("SELECT action FROM audit_trail WHERE order_id = $1 AND action LIKE 'ticket.transfer%' ORDER BY id", [orderId])).rows.map((r) => r.action);

  /** A transfer's answer with what differs between any two transfers (ids, seat, address, instant) blanked. */
  const shapeOf = (res: { status: number; body: TransferResponse }) => ({
    status: res.status,
    body: { ...res.body, transfer: { ...res.body.transfer, transferId: 0, ticketId: '', orderId: 0, seatName: '', toEmail: '', sentAt: '' } },
  });

  it('answers alike for an address with an account and one without, and mails the giver alike', async () => {
    const [toKnown, toUnknown] = [ticketOf(await buy(1)), ticketOf(await buy(1))];
    const unknown = uniqueEmail('nobody-yet');
    const known = await give(toKnown.ticketId, friend.email);
    const stranger = await give(toUnknown.ticketId, unknown);
    expect(known.status).toBe(200);
    expect(shapeOf(known)).toEqual(shapeOf(stranger));
    expect(known.body.transfer).toMatchObject({ state: 'pending', claimedAt: null, toEmail: friend.email.toLowerCase() });
    // The giver's list says the same of both.
    const sent = (await mine(buyer.cookie)).sent.filter((x) => [known.body.transfer.transferId, stranger.body.transfer.transferId].includes(x.transferId));
    expect(sent.map((x) => [x.state, x.claimedAt])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    // Both old tickets stop admitting at once (the rule does not depend on the address either).
    expect((await scan(toKnown.qr)).body.result).toBe('transferred');
    expect((await scan(toUnknown.qr)).body.result).toBe('transferred');
    // The giver's mails differ only by the address and the seat.
    const sentMails = async () => (await mailsFor(app.db, buyer.email)).filter((m) => m.subject === `You sent your ticket for ${TITLE}`);
    const deadline = Date.now() + 10_000;
    while ((await sentMails()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const senderMails = (await sentMails()).slice(0, 2);
    const blank = (text: string) => text.replace(friend.email.toLowerCase(), 'X').replace(unknown, 'X').replace(/seat \w+/, 'seat S');
    expect(senderMails).toHaveLength(2);
    expect(blank(senderMails[0]?.text as string)).toBe(blank(senderMails[1]?.text as string));
    expect(senderMails[0]?.text).not.toMatch(/Fidel/);
  });

  it('to an account: pending until they accept it in My Tickets; then a new QR is theirs, the giver sees it claimed, both are mailed', async () => {
    const order = await buy(2);
    const given = ticketOf(order, 1);
    const res = await give(given.ticketId, `  ${friend.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    const transfer = transferResponseSchema.parse(res.body).transfer;
    expect(transfer).toMatchObject({ ticketId: given.ticketId, orderId: order.orderId, state: 'pending', claimedAt: null, toEmail: friend.email.toLowerCase(), seatName: given.seatName, event: { id: eventId, title: TITLE } });

    // The recipient sees it waiting for them, not yet as a ticket; the old QR and code no longer admit.
    const before = await mine(friend.cookie);
    expect(before.received.some((r) => r.orderId === order.orderId)).toBe(false);
    expect(before.incoming.filter((x) => x.orderId === order.orderId)).toEqual([
      { transferId: transfer.transferId, orderId: order.orderId, event: transfer.event, section: transfer.section, seatName: given.seatName, from: 'Bea Tester', sentAt: transfer.sentAt },
    ]);
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === transfer.transferId)?.state).toBe('pending');
    const oldQr = await scan(given.qr);
    expect(oldQr.body).toMatchObject({ result: 'transferred', message: 'This ticket was given to someone else; only their new ticket is valid.' });
    expect((await scan(given.code)).body.result).toBe('transferred');
    expect((await mailTo(friend.email, `Bea Tester sent you a ticket for ${TITLE}`)).text).toContain('accept the ticket in My Tickets');

    // Nobody else can accept it for them.
    expect(await acceptTransfer(app, buyer.cookie, transfer.transferId)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.transferNotFound } });
    expect((await app.request('POST', `/api/transfers/${transfer.transferId}/accept`, { body: {} })).status).toBe(401);
    expect(await acceptTransfer(app, friend.cookie, 'x' as unknown as number)).toEqual({ status: 400, body: { success: false, error: TRANSFER_MESSAGES.badTransferId } });

    expect(await acceptTransfer(app, friend.cookie, transfer.transferId)).toEqual({ status: 200, body: { success: true } });
    // Once only.
    expect((await acceptTransfer(app, friend.cookie, transfer.transferId)).status).toBe(404);

    // The recipient's My Tickets lists it, with a ticket of its own and the sender's name.
    const after = await mine(friend.cookie);
    expect(after.incoming.some((x) => x.transferId === transfer.transferId)).toBe(false);
    const theirs = after.received.find((r) => r.orderId === order.orderId) as MyTransfersResponse['received'][number];
    expect(theirs).toMatchObject({ orderId: order.orderId, from: 'Bea Tester', event: { id: eventId }, ticket: { seat: given.seat, seatName: given.seatName } });
    expect(theirs.ticket.ticketId).not.toBe(given.ticketId);
    expect(theirs.ticket.code).not.toBe(given.code);
    expect(theirs.ticket.qr).not.toBe(given.qr);

    // The sender's order keeps only the ticket they still hold; the given one is listed as claimed now.
    const buyersOrder = (await orders(buyer.cookie)).find((o) => o.orderId === order.orderId);
    expect(buyersOrder?.tickets?.map((t) => t.ticketId)).toEqual([ticketOf(order, 0).ticketId]);
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === transfer.transferId)).toMatchObject({ state: 'claimed', claimedAt: expect.any(String) });
    expect(await revoke(transfer.transferId)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.alreadyClaimed } });

    // At the gate: the old QR and the old code are still refused, the new QR admits, the untouched seat too.
    expect((await scan(given.qr)).body.result).toBe('transferred');
    const newQr = await scan(theirs.ticket.qr);
    expect(newQr.body).toMatchObject({ result: 'checked_in', attendee: { name: 'Fidel Tester', ticketId: theirs.ticket.ticketId } });
    expect((await scan(ticketOf(order, 0).qr)).body.result).toBe('checked_in');
    // The old ticket's page is gone; the new one's names its holder.
    expect((await app.request('GET', `/api/tickets/${given.ticketId}`)).status).toBe(404);
    expect((await json<{ holder: string }>(await app.request('GET', `/api/tickets/${theirs.ticket.ticketId}`))).body.holder).toBe('Fidel Tester');

    expect((await mailTo(buyer.email, `You sent your ticket for ${TITLE}`)).text).toContain(friend.email.toLowerCase());
    expect((await mailTo(buyer.email, `Fidel Tester received your ticket for ${TITLE}`)).text).toContain('can no longer be taken back');
    expect((await mailTo(friend.email, `Your ticket for ${TITLE} is in My Tickets`)).text).toContain('Bea Tester');
    expect(await trail(order.orderId)).toEqual(['ticket.transferred', 'ticket.transfer_claimed']);
  });

  it('a transfer taken back or of an order no longer paid cannot be accepted', async () => {
    const back = ticketOf(await buy(1));
    const { body } = await give(back.ticketId, friend.email);
    expect((await revoke(body.transfer.transferId)).status).toBe(200);
    expect((await mine(friend.cookie)).incoming.some((x) => x.transferId === body.transfer.transferId)).toBe(false);
    expect(await acceptTransfer(app, friend.cookie, body.transfer.transferId)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.transferNotFound } });
    expect((await scan(back.qr)).body.result).toBe('checked_in');

    const refunded = await buy(1);
    const sent = await give(ticketOf(refunded).ticketId, friend.email);
    await app.db.query("UPDATE orders SET status = 'refunded' WHERE id = $1", [refunded.orderId]);
    expect((await mine(friend.cookie)).incoming.some((x) => x.transferId === sent.body.transfer.transferId)).toBe(false);
    expect(await acceptTransfer(app, friend.cookie, sent.body.transfer.transferId)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.notClaimable } });
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === sent.body.transfer.transferId)?.state).toBe('pending');
  });

  it("the organizer's attendee list and CSV show the new holder, not the old ticket", async () => {
    const order = await buy(1);
    const given = ticketOf(order);
    const other = await signedIn(app, 'Participant', 'Greta');
    await giveAndAccept(app, given.ticketId, buyer.cookie, other);
    const list = await json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${eventId}/attendees?search=TXN-${order.orderId}`, { cookie: owner.cookie }));
    expect(list.status).toBe(200);
    expect(list.body.attendees.map((a) => [a.name, a.email, a.orderId])).toEqual([['Greta Tester', other.email, order.orderId]]);
    expect(list.body.attendees[0]?.ticketId).not.toBe(given.ticketId);
    const csv = await (await app.request('GET', `/api/organizer/events/${eventId}/attendees.csv?search=TXN-${order.orderId}`, { cookie: owner.cookie })).text();
    expect(csv).toContain('Greta Tester');
    expect(csv).not.toContain('Bea Tester');
  });

  it('to a new address: pending (old ticket refused) until they register with it, then a new ticket is theirs', async () => {
    const order = await buy(1);
    const given = ticketOf(order);
    const email = uniqueEmail('newcomer');
    const res = await give(given.ticketId, email);
    expect(res.status).toBe(200);
    expect(res.body.transfer).toMatchObject({ state: 'pending', toEmail: email, claimedAt: null });
    expect((await scan(given.qr)).body.result).toBe('transferred');
    expect((await mailTo(email, `Bea Tester sent you a ticket for ${TITLE}`)).text).toContain('/register1');
    expect((await mailTo(buyer.email, `You sent your ticket for ${TITLE}`)).text).toContain(email);
    // Pending: the ticket is no longer in the buyer's order, it is listed as sent.
    expect((await orders(buyer.cookie)).find((o) => o.orderId === order.orderId)?.tickets).toEqual([]);
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === res.body.transfer.transferId)?.state).toBe('pending');

    // SPEC's registration, same answer; the address's pending ticket is claimed once the address is confirmed, not before.
    const registered = await app.request('POST', '/api/register.php', { body: await registration(app.db, { email: email.toUpperCase(), first_name: 'Nina' }) });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toEqual({ success: true });
    const login = await app.request('POST', '/api/login.php', { body: { email, password: TEST_PASSWORD } });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('session=')) as string;
    expect((await mine(cookie)).received).toEqual([]);
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === res.body.transfer.transferId)?.state).toBe('pending');
    await confirmAddress(app, email);
    const received = (await mine(cookie)).received;
    expect(received.map((r) => [r.orderId, r.from, r.ticket.seat])).toEqual([[order.orderId, 'Bea Tester', given.seat]]);
    expect((await mine(buyer.cookie)).sent.find((s) => s.transferId === res.body.transfer.transferId)?.state).toBe('claimed');
    expect((await scan((received[0] as MyTransfersResponse['received'][number]).ticket.qr)).body.result).toBe('checked_in');
    expect((await mailTo(email, `Your ticket for ${TITLE} is in My Tickets`)).text).toContain('Bea Tester');
    expect((await mailTo(buyer.email, `Nina Dela Cruz received your ticket for ${TITLE}`)).text).toContain(email);
    // Taken once: it cannot be taken back now.
    expect(await revoke(res.body.transfer.transferId)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.alreadyClaimed } });
  });

  it('a pending transfer taken back: the old ticket admits again, nothing to claim, both mailed', async () => {
    const order = await buy(1);
    const given = ticketOf(order);
    const email = uniqueEmail('changed-mind');
    const { body } = await give(given.ticketId, email);
    const transferId = body.transfer.transferId;
    expect(await revoke(transferId, friend.cookie)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.transferNotFound } });
    const back = await revoke(transferId);
    expect(back.status).toBe(200);
    expect(back.body.transfer).toMatchObject({ transferId, state: 'revoked' });
    expect(await revoke(transferId)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.alreadyRevoked } });
    expect((await orders(buyer.cookie)).find((o) => o.orderId === order.orderId)?.tickets?.map((t) => t.qr)).toEqual([given.qr]);
    expect((await mine(buyer.cookie)).sent.some((s) => s.transferId === transferId)).toBe(false);
    expect((await mailTo(email, `Bea Tester took back the ticket for ${TITLE}`)).text).toContain('nothing to claim');
    expect((await mailTo(buyer.email, `You took back your ticket for ${TITLE}`)).text).toContain('admit again');

    // Registering with the address (and confirming it) now claims nothing.
    expect((await app.request('POST', '/api/register.php', { body: await registration(app.db, { email }) })).status).toBe(201);
    await confirmAddress(app, email);
    expect(await ticketRows(order.orderId)).toEqual([{ id: given.ticketId, transferred: false, holder: null }]);
    expect((await scan(given.qr)).body.result).toBe('checked_in');
    expect(await trail(order.orderId)).toEqual(['ticket.transferred', 'ticket.transfer_revoked']);
  });

  it('refuses, changing nothing: to oneself, a bad address, someone else\'s ticket, an unpaid order, a checked-in ticket, once the doors opened, and twice', async () => {
    const order = await buy(1);
    const t = ticketOf(order);
    const before = await ticketRows(order.orderId);
    expect(await give(t.ticketId, buyer.email.toUpperCase())).toEqual({ status: 400, body: { success: false, error: TRANSFER_MESSAGES.toSelf } });
    expect(await give(t.ticketId, 'not-an-address')).toEqual({ status: 400, body: { success: false, error: 'Invalid email format' } });
    expect(await give(t.ticketId, '')).toEqual({ status: 400, body: { success: false, error: 'Email is required' } });
    expect(await give(t.ticketId, 42)).toEqual({ status: 400, body: { success: false, error: 'Email must be text' } });
    expect(await give(t.ticketId, friend.email, friend.cookie)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.ticketNotFound } });
    expect(await give('not-a-ticket', friend.email)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.ticketNotFound } });
    expect((await app.request('POST', `/api/tickets/${t.ticketId}/transfer`, { body: { email: friend.email } })).status).toBe(401);
    expect(await ticketRows(order.orderId)).toEqual(before);

    const refunded = await buy(1);
    await app.db.query("UPDATE orders SET status = 'refunded' WHERE id = $1", [refunded.orderId]);
    expect(await give(ticketOf(refunded).ticketId, friend.email)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.notPaid } });

    const used = await buy(1);
    expect((await scan(ticketOf(used).qr)).body.result).toBe('checked_in');
    expect(await give(ticketOf(used).ticketId, friend.email)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.checkedIn } });

    // Doors open 3 hours before the start: an event starting in an hour is past that.
    const soon = await ownEvent(app.db, owner.id, { startsAt: new Date(Date.now() + HOUR) });
    const atDoors = await buy(1, soon);
    expect(await give(ticketOf(atDoors).ticketId, friend.email)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.doorsOpen } });

    // Given once (pending): again is a 409, to anyone.
    expect((await give(t.ticketId, uniqueEmail('first'))).status).toBe(200);
    expect(await give(t.ticketId, friend.email)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.alreadyGiven } });
    const counted = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ticket_transfers WHERE ticket_id = ANY ($1::text[])',
      [[t.ticketId, ticketOf(refunded).ticketId, ticketOf(used).ticketId, ticketOf(atDoors).ticketId]],
    );
    expect(counted.rows[0]?.n).toBe(1);
  });

  it('two transfers of one ticket at once: exactly one wins, the other is a 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await buy(1);
      const t = ticketOf(order);
      const answers = await Promise.all([give(t.ticketId, friend.email), give(t.ticketId, uniqueEmail('race'))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.error).toBe(TRANSFER_MESSAGES.alreadyGiven);
      const rows = await app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ticket_transfers WHERE ticket_id = $1 AND state <> 'revoked'", [t.ticketId]);
      expect(rows.rows[0]?.n).toBe(1);
    }
  });

  it('the recipient can give the ticket on; the first sender cannot', async () => {
    const order = await buy(1);
    const third = await signedIn(app, 'Participant', 'Tomas');
    await giveAndAccept(app, ticketOf(order).ticketId, buyer.cookie, third);
    const received = (await mine(third.cookie)).received.find((r) => r.orderId === order.orderId);
    if (!received) throw new Error('not received');
    expect(await give(received.ticket.ticketId, friend.email)).toEqual({ status: 404, body: { success: false, error: TRANSFER_MESSAGES.ticketNotFound } });
    await giveAndAccept(app, received.ticket.ticketId, third.cookie, friend);
    expect((await mine(third.cookie)).received.some((r) => r.orderId === order.orderId)).toBe(false);
    expect((await mine(friend.cookie)).received.filter((r) => r.orderId === order.orderId).map((r) => r.from)).toEqual(['Tomas Tester']);
  });

  it('an order with a ticket given away can no longer be cancelled for a refund; a refunded order\'s ticket cannot be given', async () => {
    const refundable = await ownEvent(app.db, owner.id);
    await app.db.query('UPDATE events SET refund_days_before = 1 WHERE id = $1', [refundable]);
    const order = await buy(2, refundable);
    expect((await give(ticketOf(order, 1).ticketId, uniqueEmail('kept'))).status).toBe(200);
    const cancel = await json<{ error?: string }>(await app.request('POST', `/api/orders/${order.orderId}/cancel`, { cookie: buyer.cookie, body: {} }));
    expect(cancel).toEqual({ status: 409, body: { success: false, error: 'A ticket of this order was given to someone: the order can no longer be cancelled.' } });
    expect((await orders(buyer.cookie)).find((o) => o.orderId === order.orderId)?.cancellation).toMatchObject({ allowed: false });

    const other = await buy(1, refundable);
    expect((await app.request('POST', `/api/orders/${other.orderId}/cancel`, { cookie: buyer.cookie, body: {} })).status).toBe(200);
    expect(await give(ticketOf(other).ticketId, friend.email)).toEqual({ status: 409, body: { success: false, error: TRANSFER_MESSAGES.notPaid } });
  });

  it('revoke needs a session and a whole-number id', async () => {
    expect((await app.request('POST', '/api/transfers/1/revoke', { body: {} })).status).toBe(401);
    expect(await revoke('abc' as unknown as number)).toEqual({ status: 400, body: { success: false, error: TRANSFER_MESSAGES.badTransferId } });
  });
});

describe('a ticket sent to an address that then signs in with Google for the first time', () => {
  let jwks: LocalJwks;
  let key: TestKey;
  let app: BookingApp;
  beforeAll(async () => {
    key = rsaKey();
    jwks = await startJwks([key]);
    app = await startBookingApp({ config: { google: { clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: jwks.url, jwksRefetchCooldownMs: 0 } } });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
    await jwks.close();
  });

  it('is claimed with the new account', async () => {
    const [owner, buyer] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Participant', 'Bea')]);
    const order = await buyTicket(app, buyer.cookie, await ownEvent(app.db, owner.id), 5, [1]);
    const ticket = order.tickets?.[0];
    if (!ticket) throw new Error('no ticket');
    const claims = googleClaims();
    const sent = await json<TransferResponse>(await app.request('POST', `/api/tickets/${ticket.ticketId}/transfer`, { cookie: buyer.cookie, body: { email: claims.email } }));
    expect(sent.body.transfer.state).toBe('pending');
    const signIn = await app.request('POST', '/api/google-login.php', { body: { credential: signIdToken(key, claims) } });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookieOf(signIn) as string;
    const mine = await json<MyTransfersResponse>(await app.request('GET', '/api/my/transfers', { cookie }));
    expect(mine.body.received.map((r) => [r.orderId, r.from, r.ticket.seat])).toEqual([[order.orderId, 'Bea Tester', 1]]);
  });
});
