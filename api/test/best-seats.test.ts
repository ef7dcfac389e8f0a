// GET /api/events/:id/best-seats?count=N: "How many seats?" across the venue. The best block of N
// adjacent free seats over the event's sections, lower boxes first (then by id), skipping held and
// sold seats, preferring a later section to stranding a single seat; null when no section has N
// free seats side by side. Public, like availability.
import type { BestSeatsResponse, SeatPlanResponse } from '@sports/contracts';
import { bestSeatsResponseSchema } from '@sports/contracts';
import { bestAvailable, sectionRows } from '@sports/seating';
import { book, createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';
import { ownEvent, planSection, signedIn } from './support/organizer';

jest.setTimeout(60_000);

// The venue's best two sections: the first two lower boxes, nearest the court (demo sections 4 and 6, SPEC §9).
const FIRST = { id: 4, rows: sectionRows(186, 'lower') };
const SECOND = { id: 6, rows: sectionRows(150, 'lower') };

describe('GET /api/events/:id/best-seats', () => {
  let app: BookingApp;
  let buyer: Session;
  beforeAll(async () => {
    app = await startBookingApp();
    buyer = await newSession(app);
  }, 60_000);
  afterAll(() => app.stop());

  const bestSeats = async (eventId: number | string, count: unknown) => {
    const res = await app.request('GET', `/api/events/${eventId}/best-seats?count=${String(count)}`);
    const answer = await json<BestSeatsResponse>(res);
    if (answer.status === 200) {
      bestSeatsResponseSchema.parse(answer.body);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    return answer;
  };

  const hold = async (eventId: number, sectionId: number, seats: number[]) => {
    for (let i = 0; i < seats.length; i += 10) {
      const held = await book(app, buyer.cookie, eventId, sectionId, seats.slice(i, i + 10));
      expect(held.status).toBe(200);
    }
  };

  it('proposes the middle of the first section’s front row when the venue is empty', async () => {
    const eventId = await createEvent(app.db);
    expect(await bestSeats(eventId, 4)).toEqual({ status: 200, body: { success: true, proposal: { sectionId: FIRST.id, seats: bestAvailable(FIRST.rows, new Set(), 4) } } });
  });

  it('skips held seats, as get-booked-seats reports them', async () => {
    const eventId = await createEvent(app.db);
    const front = FIRST.rows[0]?.seats ?? [];
    const taken = front.slice(12, 19);
    await hold(eventId, FIRST.id, taken);
    const { body } = await bestSeats(eventId, 3);
    expect(body.proposal).toEqual({ sectionId: FIRST.id, seats: bestAvailable(FIRST.rows, new Set(taken), 3) });
    expect(body.proposal?.seats.some((seat) => taken.includes(seat))).toBe(false);
    expect(body.proposal?.seats.every((seat) => front.includes(seat))).toBe(true);
  });

  it('prefers a later section to stranding a single seat, and stays in the first when it strands none', async () => {
    const eventId = await createEvent(app.db);
    // Every 6th seat of each row of the first section is held: only runs of 5 (or fewer) are
    // left, so any 4 there strand one seat, while 5 fit a run exactly.
    const taken = FIRST.rows.flatMap((row) => row.seats.filter((_, i) => i % 6 === 5));
    await hold(eventId, FIRST.id, taken);
    expect((await bestSeats(eventId, 4)).body.proposal).toEqual({ sectionId: SECOND.id, seats: bestAvailable(SECOND.rows, new Set(), 4) });
    const five = (await bestSeats(eventId, 5)).body.proposal;
    expect(five).toEqual({ sectionId: FIRST.id, seats: bestAvailable(FIRST.rows, new Set(taken), 5) });
    expect(five?.seats.every((seat) => FIRST.rows[0]?.seats.includes(seat))).toBe(true);
  });

  it('is null when no section has that many seats side by side (an event’s own plan of 3 columns)', async () => {
    const owner = await signedIn(app, 'Organizer');
    const eventId = await ownEvent(app.db, owner.id);
    const planned = await json<SeatPlanResponse>(await app.request('PUT', `/api/organizer/events/${eventId}/seat-plan`, { cookie: owner.cookie, body: { rows: 2, columns: 3 } }));
    expect(planned.status).toBe(200);
    const floor = await planSection(app, eventId);
    expect(await bestSeats(eventId, 4)).toEqual({ status: 200, body: { success: true, proposal: null } });
    expect((await bestSeats(eventId, 3)).body.proposal).toEqual({ sectionId: floor, seats: [1, 2, 3] });
    await hold(eventId, floor, [2]);
    expect((await bestSeats(eventId, 3)).body.proposal).toEqual({ sectionId: floor, seats: [4, 5, 6] });
    await hold(eventId, floor, [5]);
    expect((await bestSeats(eventId, 2)).body.proposal).toBeNull();
  });

  it('refuses a count that is not a whole number from 1 to the seats one order may hold', async () => {
    const eventId = await createEvent(app.db);
    const refusal = { status: 400, body: { success: false, error: `count must be a whole number from 1 to ${app.config.booking.maxSeatsPerOrder}` } };
    for (const count of [0, app.config.booking.maxSeatsPerOrder + 1, -1, 2.5, '1e1', 'abc', '', '%204', 1000, 99999]) {
      expect(await bestSeats(eventId, count)).toEqual(refusal);
    }
    expect(await json(await app.request('GET', `/api/events/${eventId}/best-seats`))).toEqual(refusal);
    expect(await json(await app.request('GET', `/api/events/${eventId}/best-seats?count=2&count=3`))).toEqual(refusal);
    expect((await bestSeats(eventId, app.config.booking.maxSeatsPerOrder)).status).toBe(200);
  });

  it('answers a bad or unknown event as availability does, and a closed sale as book-seats does', async () => {
    const notFound = { status: 404, body: { success: false, error: 'Event not found' } };
    expect(await bestSeats(2_000_000_000, 2)).toEqual(notFound);
    expect(await bestSeats(await createEvent(app.db, { status: 'Pending' }), 2)).toEqual(notFound);
    expect(await bestSeats('abc', 2)).toEqual({ status: 400, body: { success: false, error: 'Event id must be a positive whole number' } });
    expect((await bestSeats(0, 2)).status).toBe(400);
    const past = await createEvent(app.db, { startsAt: new Date(Date.now() - 3_600_000) });
    expect(await bestSeats(past, 2)).toEqual({ status: 400, body: { success: false, error: 'Ticket sales for this event have closed.' } });
    expect((await book(app, buyer.cookie, past, FIRST.id, [1])).body).toMatchObject({ success: false, error: 'Ticket sales for this event have closed.' });
  });
});
