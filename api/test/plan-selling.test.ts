// An approved event with a seat plan of its own is sold on that plan as one section,
// through the same booking statement, payment and signed QR as the venue's sections.
import type { AvailabilityResponse, SectionsResponse, SeatPlanResponse } from '@sports/contracts';
import { checkBookingInvariants } from '../src/booking/invariants';
import { book, json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, qrOf, ownEvent, planSection, signedIn } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(60_000);

describe('selling on a seat plan', () => {
  let app: BookingApp;
  let owner: Person;
  let buyer: Person;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, buyer] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Participant')]);
  }, 60_000);
  afterAll(() => app.stop());

  const plan = async (eventId: number, rows: number, columns: number) => {
    const res = await json<SeatPlanResponse>(await app.request('PUT', `/api/organizer/events/${eventId}/seat-plan`, { cookie: owner.cookie, body: { rows, columns } }));
    if (res.status !== 200) throw new Error(`plan failed: ${res.status} ${JSON.stringify(res.body)}`);
  };
  const sections = async (query = '') => (await json<SectionsResponse>(await app.request('GET', `/api/sections${query}`))).body.sections;

  it('a plan is one section, rows x columns; the venue keeps its 13 and other events still sell on them', async () => {
    const id = await ownEvent(app.db, owner.id, { status: 'Pending' });
    await plan(id, 5, 8);
    const [floor, ...more] = await sections(`?event_id=${id}`);
    expect(more).toEqual([]);
    expect(floor).toMatchObject({ label: 'Floor', capacity: 40, rows: 5 });
    const venue = await sections();
    expect(venue).toHaveLength(13);
    expect(venue.every((s) => s.rows === undefined)).toBe(true);
    const other = await ownEvent(app.db, owner.id);
    expect((await sections(`?event_id=${other}`)).map((s) => s.id)).toEqual(venue.map((s) => s.id));
    expect((await app.request('GET', '/api/sections?event_id=abc')).status).toBe(400);
  });

  it('books, pays and signs a ticket on the plan; the venue’s sections and other plans are not this event’s', async () => {
    const id = await ownEvent(app.db, owner.id, { price: 120 });
    await plan(id, 5, 8);
    const floor = await planSection(app, id);

    const paid = await buyTicket(app, buyer.cookie, id, floor, [9, 10]);
    expect(paid).toMatchObject({ status: 'paid', section: { id: floor, label: 'Floor' }, seats: [9, 10], totalAmount: 240 });
    expect(JSON.parse(qrOf(paid, 1))).toMatchObject({ event_id: id, section_id: floor, seats: [9, 10], seat: 10 });
    const verified = await json(await app.request('POST', '/api/tickets/verify', { body: { qr: qrOf(paid, 1) } }));
    expect(verified.body).toMatchObject({ success: true, valid: true });

    // Taken seats are refused exactly, as on any section; seats past the plan do not exist.
    const again = await book(app, buyer.cookie, id, floor, [10, 11]);
    expect(again).toMatchObject({ status: 409, body: { alreadyBooked: [10] } });
    expect(await book(app, buyer.cookie, id, floor, [41])).toMatchObject({ status: 400, body: { error: 'Seats outside this section: 41' } });
    // A venue section is not sold for an event with its own plan, and a plan only for its event.
    expect(await book(app, buyer.cookie, id, 1, [1])).toMatchObject({ status: 404, body: { error: 'Section not found' } });
    const other = await ownEvent(app.db, owner.id);
    expect(await book(app, buyer.cookie, other, floor, [1])).toMatchObject({ status: 404, body: { error: 'Section not found' } });

    const availability = await json<AvailabilityResponse>(await app.request('GET', `/api/events/${id}/availability`));
    expect(availability.body.sections).toEqual([{ sectionId: floor, capacity: 40, available: 38, price: 120 }]);
    const booked = await json(await app.request('GET', `/backend/api/get-booked-seats.php?event_id=${id}&section_id=${floor}`));
    expect(booked.body).toEqual({ bookedSeats: [9, 10] });
    expect((await checkBookingInvariants(app.db, id)).violations).toEqual([]);
  });

  it('a plan shrinking while seats past its new end are booked: never a live seat outside the plan', async () => {
    const id = await ownEvent(app.db, owner.id, { price: 50 });
    await plan(id, 5, 8);
    const floor = await planSection(app, id);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedIn(app, 'Participant')));
    for (const [round, rows] of [4, 5, 3, 5, 2, 5].entries()) {
      // Each round books one of the last row's seats while the plan loses (or regains) rows.
      const seat = 33 + round;
      const [shrink, held] = await Promise.all([
        app.request('PUT', `/api/organizer/events/${id}/seat-plan`, { cookie: owner.cookie, body: { rows, columns: 8 } }),
        book(app, (buyers[round] as Person).cookie, id, floor, [seat]),
      ]);
      const { rows: [section] } = await app.db.query<{ capacity: number }>('SELECT capacity FROM sections WHERE id = $1', [floor]);
      const { rows: outside } = await app.db.query('SELECT seat_number FROM order_seats WHERE section_id = $1 AND live AND seat_number > $2', [floor, section?.capacity]);
      expect(outside).toEqual([]);
      // Exactly one of the two won, or both when the plan kept the seat.
      if (held.status === 200 && rows < 5) expect(shrink.status).toBe(409);
      if (shrink.status === 200 && rows < 5) expect(held.status).not.toBe(200);
    }
    expect((await checkBookingInvariants(app.db, id)).violations).toEqual([]);
  });
});
