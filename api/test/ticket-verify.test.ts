// The public ticket check tells the truth (docs/checkin.md): POST /api/tickets/verify answers
// valid only for a ticket the gate would let in, names why another does not (transferred,
// refunded, cancelled), and says when a valid one was already checked in, the time only. The
// ticket's page and the gate's copy say the same.
import type { CheckinResponse, GateSnapshotResponse, OrderResponse, OrderSummary, TicketViewResponse, VerifyTicketResponse } from '@sports/contracts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, ownEvent, qrOf, signedIn } from './support/organizer';
import type { Person } from './support/organizer';
import { giveAndAccept } from './support/transfers';

jest.setTimeout(60_000);

const HOUR = 3_600_000;

describe('POST /api/tickets/verify tells the truth', () => {
  let app: BookingApp;
  let owner: Person;
  let visitorA: Person;
  let visitorC: Person;
  let event: number;
  let nextSeat = 1;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, visitorA, visitorC] = await Promise.all([signedIn(app, 'Organizer', 'Gina'), signedIn(app, 'Participant', 'Ana'), signedIn(app, 'Participant', 'Cid')]);
    // Doors open now: the event starts in an hour.
    event = await ownEvent(app.db, owner.id, { title: 'Verify truth', startsAt: new Date(Date.now() + HOUR) });
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const buy = async (eventId = event): Promise<OrderSummary> => buyTicket(app, visitorA.cookie, eventId, 5, [nextSeat++]);
  const verify = async (qr: string) => json<VerifyTicketResponse>(await app.request('POST', '/api/tickets/verify', { body: { qr } }));
  const scan = async (qr: string) => json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr } }));
  const page = async (ticketId: string) => json<TicketViewResponse>(await app.request('GET', `/api/tickets/${ticketId}`));
  const gateStatus = async (eventId: number, ticketId: string) =>
    (await json<GateSnapshotResponse>(await app.request('GET', `/api/organizer/events/${eventId}/gate`, { cookie: owner.cookie }))).body.tickets.find((t) => t.ticketId === ticketId)?.status;

  it('a ticket given away: the old QR is refused (transferred), only the new holder’s QR is valid', async () => {
    // Tickets are given before the doors open.
    const ahead = await ownEvent(app.db, owner.id, { title: 'Verify give-away' });
    const order = await buy(ahead);
    const given = order.tickets?.[0];
    const oldQr = qrOf(order);
    expect((await verify(oldQr)).body.valid).toBe(true);
    const transfer = await giveAndAccept(app, given?.ticketId as string, visitorA.cookie, visitorC);

    expect(await verify(oldQr)).toEqual({ status: 200, body: { success: true, valid: false, reason: 'transferred' } });
    expect((await scan(oldQr)).body.result).toBe('transferred');
    expect((await scan(given?.code as string)).body.result).toBe('transferred');
    expect((await page(given?.ticketId as string)).status).toBe(404);

    const { rows } = await app.db.query<{ new_ticket_id: string }>('SELECT new_ticket_id FROM ticket_transfers WHERE id = $1', [transfer.transferId]);
    const newId = rows[0]?.new_ticket_id as string;
    const shown = await page(newId);
    expect(shown.status).toBe(200);
    const newQr = shown.body.ticket.qr;
    expect(await verify(newQr)).toMatchObject({ status: 200, body: { success: true, valid: true, ticket: { ticket_id: newId } } });
    expect(await gateStatus(ahead, newId)).toBe('valid');
  });

  it('a ticket already checked in is valid and says when, never who or where', async () => {
    const order = await buy();
    const scanned = await scan(qrOf(order));
    expect(scanned.body.result).toBe('checked_in');
    const res = await verify(qrOf(order));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['checkedInAt', 'success', 'ticket', 'valid']);
    expect(res.body).toMatchObject({ valid: true, checkedInAt: scanned.body.checkedInAt });
  });

  it('a refunded order and a cancelled event: refused with the reason, like the gate; the ticket page is gone', async () => {
    const refundable = await ownEvent(app.db, owner.id, { title: 'Verify refund' });
    await app.db.query('UPDATE events SET refund_days_before = 1 WHERE id = $1', [refundable]);
    const refunded = await buy(refundable);
    const cancelled = await json<OrderResponse>(await app.request('POST', `/api/orders/${refunded.orderId}/cancel`, { cookie: visitorA.cookie, body: {} }));
    expect(cancelled.status).toBe(200);
    expect(await verify(qrOf(refunded))).toEqual({ status: 200, body: { success: true, valid: false, reason: 'refunded' } });
    expect((await page(refunded.tickets?.[0]?.ticketId as string)).status).toBe(404);
    expect(await gateStatus(refundable, refunded.tickets?.[0]?.ticketId as string)).toBe('refunded');

    const called = await ownEvent(app.db, owner.id, { title: 'Verify called off' });
    const ofCalledOff = await buy(called);
    const off = await app.request('POST', `/api/organizer/events/${called}/cancel`, { cookie: owner.cookie, body: { reason: 'Storm' } });
    expect(off.status).toBe(200);
    expect(await verify(qrOf(ofCalledOff))).toEqual({ status: 200, body: { success: true, valid: false, reason: 'cancelled' } });
    expect((await scan(qrOf(ofCalledOff))).body.result).toBe('cancelled');
    expect((await page(ofCalledOff.tickets?.[0]?.ticketId as string)).status).toBe(404);
    expect(await gateStatus(called, ofCalledOff.tickets?.[0]?.ticketId as string)).toBe('cancelled');
  });
});
