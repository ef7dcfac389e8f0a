// Dashboard (PRODUCT §5): the four cards and three charts computed from the organizer's tickets,
// exactly as DASHBOARD_CARD_DEFINITIONS words them, at a moment the test chooses.
import { randomBytes } from 'node:crypto';
import type { DashboardResponse } from '@sports/contracts';
import { dashboardResponseSchema } from '@sports/contracts';
import type { Db } from '../src/db';
import { issueTickets } from '../src/orders/ticket-issue';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { ownEvent, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

jest.setTimeout(30_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let nextSeat = 1;

/** Paid orders of an event straight in the database, with their seats and tickets: [section, seats, paidAt, checked in]. */
async function tickets(db: Db, eventId: number, organizerId: number, list: Array<[number, number, Date, boolean]>): Promise<void> {
  for (const [section, seats, paidAt, present] of list) {
    const { rows: user } = await db.query<{ id: number }>(`INSERT INTO users (email, first_name, last_name) VALUES ($1, 'Dash', 'Board') RETURNING id`, [`dash-${randomBytes(5).toString('hex')}@test.local`]);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
       VALUES ($1, $2, $3, 'paid', $4, 0, $5::timestamptz - interval '1 minute', $5::timestamptz + interval '9 minutes', 'visa', 'full', $5, $6) RETURNING id`,
      [user[0]?.id, eventId, section, seats, paidAt, randomBytes(16).toString('base64url')],
    );
    const orderId = rows[0]?.id as number;
    await db.query(
      'INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT $1, $2, $3, $4 + g FROM generate_series(0, $5 - 1) g',
      [orderId, eventId, section, nextSeat, seats],
    );
    nextSeat += seats;
    await issueTickets(db, [orderId], seats);
    if (present) {
      await db.query(`INSERT INTO ticket_checkins (ticket_id, checked_in_at, checked_in_by, method) SELECT id, $2, $3, 'scan' FROM tickets WHERE order_id = $1`, [orderId, paidAt, organizerId]);
    }
  }
}

describe('organizer dashboard', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let running: number;
  // "Now" for the app: noon in Manila, tomorrow.
  const manilaDate = new Date(Date.now() + 8 * HOUR + DAY).toISOString().slice(0, 10);
  const noon = new Date(`${manilaDate}T12:00:00+08:00`);
  const at = (hours: number): Date => new Date(noon.getTime() + hours * HOUR);

  beforeAll(async () => {
    app = await startBookingApp();
    app.clock.advance(noon.getTime() - Date.now());
    [owner, other] = await Promise.all([signedIn(app, 'Organizer'), signedIn(app, 'Organizer')]);
    const ev = (startH: number, endH: number | null) => ownEvent(app.db, owner.id, { startsAt: at(startH), endsAt: endH === null ? null : at(endH) });
    const yesterday = await ev(-18, -15);
    running = await ev(-3, 3);
    const tonight = await ev(8, 11);
    const thisMorning = await ev(-4, -2);
    const later = await ev(10 * 24, 10 * 24 + 3);
    const multiDay = await ev(-3 * 24, 2 * 24);
    // Without an end, an event is over at the end of its start day: this one still runs today.
    const noEnd = await ev(-1, null);
    await tickets(app.db, yesterday, owner.id, [[1, 1, at(-40 * 24), true], [1, 2, at(-2 * 24), false], [6, 1, at(-2 * 24), false]]);
    await tickets(app.db, running, owner.id, [[6, 2, at(-24), true], [6, 1, at(-24), false], [1, 1, at(-1), false], [1, 3, at(-1), false]]);
    await tickets(app.db, tonight, owner.id, [[9, 1, at(-2), false], [9, 1, at(-2), false]]);
    await tickets(app.db, thisMorning, owner.id, [[9, 4, at(-5 * 24), false], [1, 1, at(-5 * 24), false]]);
    await tickets(app.db, later, owner.id, [[6, 2, at(-45 * 24), false], [6, 2, at(-1), false], [6, 2, at(-1), false]]);
    await tickets(app.db, multiDay, owner.id, [[1, 1, at(-10 * 24), false]]);
    await tickets(app.db, noEnd, owner.id, [[9, 1, at(-3), false]]);
    // Another organizer's tickets count nowhere here.
    const foreign = await ownEvent(app.db, other.id, { startsAt: at(-18), endsAt: at(-15) });
    await tickets(app.db, foreign, other.id, [[1, 1, at(-2), false]]);
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const get = async (query = '', cookie = owner.cookie) => json<DashboardResponse>(await app.request('GET', `/api/organizer/dashboard${query}`, { cookie }));

  it('counts the cards as defined: no-shows, due today, open, all', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    dashboardResponseSchema.parse(body);
    // A ticket is a seat. No-shows: yesterday 3 + this morning 5; due today: running 5 + tonight 2 +
    // multi-day 1 + no end 1; open: due today 9 + later 6; all: 26 (present: yesterday 1 + running 2).
    expect(body.cards).toEqual({ noShows: 8, dueToday: 9, open: 15, all: 26 });
    expect(body.eventId).toBeNull();
  });

  it('breaks reservations and no-shows down by ticket type (the section), most first', async () => {
    const { body } = await get();
    // Most tickets first, then by name.
    expect(body.charts.reservedByType).toEqual([
      { type: 'Lower Box A', tickets: 10 },
      { type: 'Upper Box D', tickets: 9 },
      { type: 'Lower Box B', tickets: 7 },
    ]);
    expect(body.charts.noShowsByType).toEqual([
      { type: 'Lower Box B', tickets: 4 },
      { type: 'Upper Box D', tickets: 3 },
      { type: 'Lower Box A', tickets: 1 },
    ]);
  });

  it('shows reservation progress over the last 30 Manila days, with what was reserved before', async () => {
    const { body } = await get();
    const progress = body.charts.reservationProgress;
    expect(progress).toHaveLength(30);
    expect(progress[29]?.date).toBe(manilaDate);
    expect(progress[0]?.date).toBe(new Date(noon.getTime() + 8 * HOUR - 29 * DAY).toISOString().slice(0, 10));
    // Paid 40 and 45 days ago: before the window, counted in the first day's total.
    expect(progress[0]?.cumulative).toBe(3);
    expect(progress[29]?.cumulative).toBe(26);
    expect(progress.reduce((sum, d) => sum + d.tickets, 0)).toBe(23);
    expect(progress[29]?.tickets).toBe(11);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]?.cumulative).toBe((progress[i - 1]?.cumulative ?? 0) + (progress[i]?.tickets ?? 0));
  });

  it('narrows everything to one event, and only one of the caller’s', async () => {
    const { body } = await get(`?eventId=${running}`);
    expect(body.eventId).toBe(running);
    expect(body.cards).toEqual({ noShows: 0, dueToday: 5, open: 5, all: 7 });
    expect(await get(`?eventId=${running}`, other.cookie)).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect((await get('?eventId=0')).status).toBe(400);
    expect((await get('?eventId=1&eventId=2')).status).toBe(400);
  });

  it('shows a new organizer zeros, and refuses anonymous callers and other roles', async () => {
    const fresh = await signedIn(app, 'Organizer');
    const { body } = await get('', fresh.cookie);
    expect(body.cards).toEqual({ noShows: 0, dueToday: 0, open: 0, all: 0 });
    expect(body.charts.reservedByType).toEqual([]);
    expect(body.charts.reservationProgress.every((d) => d.tickets === 0 && d.cumulative === 0)).toBe(true);
    expect((await app.request('GET', '/api/organizer/dashboard')).status).toBe(401);
    expect((await get('', (await signedIn(app, 'Participant')).cookie)).status).toBe(403);
    expect((await get('', await signedInAs(app, 'admin@demo.local'))).status).toBe(403);
  });
});
