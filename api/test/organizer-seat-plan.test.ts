// Seat Planning (PRODUCT §5): rows x columns saved to one of the organizer's events; a plan may
// not drop a seat that is already held or sold (the message names the seats).
import type { OrganizerEventsResponse, SeatPlanResponse } from '@sports/contracts';
import { seatPlanResponseSchema } from '@sports/contracts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, holdTicket, ownEvent, planSection, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

// Real HTTP, argon2 logins and PostgreSQL on a small shared machine: generous time per test.
jest.setTimeout(30_000);
describe('seat planning', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Organizer')]);
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const get = (id: number, cookie = owner.cookie) => app.request('GET', `/api/organizer/events/${id}/seat-plan`, { cookie });
  const put = (id: number, body: unknown, cookie = owner.cookie) => app.request('PUT', `/api/organizer/events/${id}/seat-plan`, { cookie, body });

  it('starts from the defaults 6 x 10 and shows the limits', async () => {
    const id = await ownEvent(app.db, owner.id, { status: 'Pending' });
    const { status, body } = await json<SeatPlanResponse>(await get(id));
    expect(status).toBe(200);
    expect(seatPlanResponseSchema.parse(body)).toEqual({
      success: true,
      eventId: id,
      plan: null,
      defaults: { rows: 6, columns: 10 },
      limits: { min: 1, maxRows: 26, maxColumns: 50 },
      heldOrSoldSeats: [],
      plannable: true,
    });
  });

  it('Apply Event saves rows x columns, which becomes the capacity, and is kept in the audit log', async () => {
    const id = await ownEvent(app.db, owner.id, { status: 'Pending' });
    const saved = await json<SeatPlanResponse>(await put(id, { rows: 5, columns: 8 }));
    expect(saved.status).toBe(200);
    expect(saved.body.plan).toMatchObject({ rows: 5, columns: 8, capacity: 40 });
    expect((await json<SeatPlanResponse>(await get(id))).body.plan).toEqual(saved.body.plan);
    const again = await json<SeatPlanResponse>(await put(id, { rows: 26, columns: 50 }));
    expect(again.body.plan).toMatchObject({ rows: 26, columns: 50, capacity: 1300 });
    const list = await json<OrganizerEventsResponse>(await app.request('GET', `/api/organizer/events?eventId=${id}`, { cookie: owner.cookie }));
    expect(list.body.events[0]).toMatchObject({ capacity: 1300, hasSeatPlan: true });
    const { rows } = await app.db.query<{ actor_user_id: number; details: unknown }>(
      `SELECT actor_user_id, data AS details FROM audit_trail WHERE event_id = $1 AND action = 'seat_plan.applied' ORDER BY id`,
      [id],
    );
    expect(rows).toEqual([
      { actor_user_id: owner.id, details: { before: null, after: { rows: 5, columns: 8 } } },
      { actor_user_id: owner.id, details: { before: { rows: 5, columns: 8 }, after: { rows: 26, columns: 50 } } },
    ]);
  });

  it.each([
    [{ rows: 0, columns: 10 }, 'Rows must be a whole number from 1 to 26'],
    [{ rows: 27, columns: 10 }, 'Rows must be a whole number from 1 to 26'],
    [{ rows: 6, columns: 51 }, 'Columns must be a whole number from 1 to 50'],
    [{ rows: 6, columns: 0 }, 'Columns must be a whole number from 1 to 50'],
    [{ rows: 1.5, columns: 10 }, 'Rows must be a whole number from 1 to 26'],
    [{ rows: '6', columns: 10 }, 'Rows must be a whole number from 1 to 26'],
    [{ columns: 10 }, 'Rows must be a whole number from 1 to 26'],
    [{ rows: 6, columns: 10, capacity: 60 }, 'Unexpected field: capacity'],
  ])('refuses %j with 400', async (body, error) => {
    const id = await ownEvent(app.db, owner.id, { status: 'Pending' });
    expect(await json(await put(id, body))).toEqual({ status: 400, body: { success: false, error } });
    expect((await app.db.query('SELECT 1 FROM event_seat_plans WHERE event_id = $1', [id])).rowCount).toBe(0);
  });

  it('refuses a rejected or started event (409), and another organizer’s (404)', async () => {
    const rejected = await ownEvent(app.db, owner.id, { status: 'Rejected' });
    expect(await json(await put(rejected, { rows: 6, columns: 10 }))).toEqual({ status: 409, body: { success: false, error: 'A rejected event cannot be planned.' } });
    const started = await ownEvent(app.db, owner.id, { startsAt: new Date(Date.now() - 3_600_000) });
    expect(await json(await put(started, { rows: 6, columns: 10 }))).toEqual({
      status: 409,
      body: { success: false, error: 'This event has already started: its seat plan can no longer change.' },
    });
    expect((await json<SeatPlanResponse>(await get(started))).body.plannable).toBe(false);
    const mine = await ownEvent(app.db, owner.id);
    expect(await json(await put(mine, { rows: 6, columns: 10 }, other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect((await get(mine, other.cookie)).status).toBe(404);
    expect((await app.request('GET', `/api/organizer/events/${mine}/seat-plan`)).status).toBe(401);
    const participant = await signedIn(app, 'Participant');
    expect((await put(mine, { rows: 6, columns: 10 }, participant.cookie)).status).toBe(403);
    expect((await put(mine, { rows: 6, columns: 10 }, await signedInAs(app, 'admin@demo.local'))).status).toBe(403);
  });

  it('refuses a plan that would drop a sold or held seat, naming the seats, or move seats to other rows; an expired hold no longer counts', async () => {
    const id = await ownEvent(app.db, owner.id, { price: 80 });
    expect((await put(id, { rows: 6, columns: 10 })).status).toBe(200);
    // The plan is sold as a section of its own: seats 45 and 46 are sold there, 50 is held.
    const floor = await planSection(app, id);
    const buyer = await signedIn(app, 'Participant');
    const holder = await signedIn(app, 'Participant');
    await buyTicket(app, buyer.cookie, id, floor, [45, 46]);
    await holdTicket(app, holder.cookie, id, floor, [50]);

    expect((await json<SeatPlanResponse>(await get(id))).body.heldOrSoldSeats).toEqual([45, 46, 50]);
    expect(await json(await put(id, { rows: 5, columns: 9 }))).toEqual({
      status: 409,
      body: { success: false, error: 'This plan would drop seats that are already held or sold: E46, E50. Keep at least 50 seats.' },
    });
    expect(await json(await put(id, { rows: 1, columns: 1 }))).toEqual({
      status: 409,
      body: { success: false, error: 'This plan would drop seats that are already held or sold: E45, E46, E50. Keep at least 50 seats.' },
    });
    // Seat 45 is E5 with 10 columns: other columns would make it another seat.
    expect(await json(await put(id, { rows: 3, columns: 20 }))).toEqual({
      status: 409,
      body: { success: false, error: 'Seats are already held or sold on this plan, and a seat keeps its row and number: keep 10 columns (rows may change).' },
    });
    expect((await json<SeatPlanResponse>(await get(id))).body.plan).toMatchObject({ rows: 6, columns: 10 });
    // Exactly the highest held seat is enough; the section follows the plan.
    expect((await json<SeatPlanResponse>(await put(id, { rows: 5, columns: 10 }))).body.plan).toMatchObject({ capacity: 50 });
    expect((await app.db.query('SELECT capacity, seat_rows FROM sections WHERE id = $1', [floor])).rows).toEqual([{ capacity: 50, seat_rows: 5 }]);

    // Once the hold has expired, seat 50 no longer counts; 46 still does.
    app.clock.advance(11 * 60_000);
    try {
      expect((await json<SeatPlanResponse>(await get(id))).body.heldOrSoldSeats).toEqual([45, 46]);
      expect((await json(await put(id, { rows: 4, columns: 10 }))).body).toEqual({ success: false, error: 'This plan would drop seats that are already held or sold: E45, E46. Keep at least 46 seats.' });
    } finally {
      app.clock.reset();
    }
  });

  it('an event already selling on the venue’s sections cannot get a plan of its own', async () => {
    const id = await ownEvent(app.db, owner.id, { price: 80 });
    const buyer = await signedIn(app, 'Participant');
    await holdTicket(app, buyer.cookie, id, 3, [59]);
    await buyTicket(app, buyer.cookie, id, 6, [1, 2]);
    const labels = (await app.db.query<{ label: string }>('SELECT label FROM sections WHERE id IN (3, 6) ORDER BY id')).rows.map((r) => r.label);
    // A plan of its own would take these seats away: they are named as the seat grid names them.
    expect(await json(await put(id, { rows: 6, columns: 10 }))).toEqual({
      status: 409,
      body: { success: false, error: `This event already has seats held or sold in the venue's sections (${labels[0]} B59; ${labels[1]} A1, A2), so it keeps selling on them: it can no longer get a seat plan of its own.` },
    });
    expect((await app.db.query('SELECT 1 FROM sections WHERE event_id = $1', [id])).rowCount).toBe(0);
  });
});
