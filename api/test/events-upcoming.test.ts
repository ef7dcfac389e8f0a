import { eventSchema } from '@sports/contracts';
import type { Event } from '@sports/contracts';
import { createEvent, json, newSession, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { strict } from './support/contracts';
import { buyTicket, holdTicket, planSection } from './support/organizer';

const DAY = 86_400_000;

describe('the lists of events: on sale first, the past apart', () => {
  let app: BookingApp;

  /** An approved sports event of its own, starting `days` from now (of the app's clock). */
  const eventIn = (days: number): Promise<number> => createEvent(app.db, { startsAt: new Date(app.clock.now().getTime() + days * DAY) });

  /** A seat plan of `seats` seats in one row for the event, and its section. */
  async function planOf(eventId: number, seats: number): Promise<number> {
    await app.db.query(
      `INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by)
       VALUES ($1, 1, $2, now(), (SELECT min(id) FROM users))`,
      [eventId, seats],
    );
    return planSection(app, eventId);
  }

  const listed = async (path: string): Promise<Event[]> => {
    const { status, body } = await json<{ events: Event[] }>(await app.request('GET', path));
    expect(status).toBe(200);
    for (const event of body.events) expect(strict(eventSchema).parse(event)).toEqual(event);
    return body.events;
  };
  /** The ids of `events` among `mine`, in the list's order (other suites add events of their own). */
  const idsOf = (events: Event[], mine: number[]) => events.map((e) => e.id).filter((id) => mine.includes(id));

  beforeAll(async () => {
    app = await startBookingApp();
  });
  afterEach(() => app.clock.reset());
  afterAll(async () => {
    await app.stop();
  });

  it('lists a sold-out event after every event with seats left, each part soonest first, and says so', async () => {
    const soonSoldOut = await eventIn(3);
    const later = await eventIn(40);
    const soon = await eventIn(5);
    const section = await planOf(soonSoldOut, 2);
    const buyer = await newSession(app);
    await buyTicket(app, buyer.cookie, soonSoldOut, section, [1, 2]);

    const events = await listed('/api/events?genre=sports');
    expect(idsOf(events, [soonSoldOut, later, soon])).toEqual([soon, later, soonSoldOut]);
    const byId = new Map(events.map((e) => [e.id, e]));
    expect(byId.get(soonSoldOut)?.soldOut).toBe(true);
    expect(byId.get(soon)?.soldOut).toBe(false);
    // The whole list keeps the rule: no event with seats left after a sold-out one, each part by start.
    const firstSoldOut = events.findIndex((e) => e.soldOut);
    if (firstSoldOut >= 0) expect(events.slice(firstSoldOut).every((e) => e.soldOut)).toBe(true);
    for (const part of [events.filter((e) => !e.soldOut), events.filter((e) => e.soldOut)]) {
      const starts = part.map((e) => Date.parse(e.startsAt));
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    }
  });

  it('counts a live hold as taken, and the seat as free again once the hold has run out', async () => {
    const event = await eventIn(6);
    const section = await planOf(event, 1);
    const buyer = await newSession(app);
    await holdTicket(app, buyer.cookie, event, section, [1]);
    expect((await listed('/api/events')).find((e) => e.id === event)?.soldOut).toBe(true);

    app.clock.advance(app.config.booking.holdMinutes * 60_000 + 1000);
    expect((await listed('/api/events')).find((e) => e.id === event)?.soldOut).toBe(false);
  });

  it('leaves an event out of the lists once its sales close, and lists it among the past events, the latest first', async () => {
    const older = await eventIn(-10);
    const recent = await eventIn(-1);
    const upcoming = await eventIn(2);
    const mine = [older, recent, upcoming];
    expect(idsOf(await listed('/api/events'), mine)).toEqual([upcoming]);
    expect(idsOf(await listed('/api/events/past?genre=sports'), mine)).toEqual([recent, older]);
    expect(idsOf(await listed('/api/events/past?genre=concert'), mine)).toEqual([]);

    // Its start passes: it leaves the list of events on sale for the past ones.
    app.clock.advance(2 * DAY + 60_000);
    expect(idsOf(await listed('/api/events'), mine)).toEqual([]);
    expect(idsOf(await listed('/api/events/past'), mine)).toEqual([upcoming, recent, older]);
    // Its own page stays.
    expect((await app.request('GET', `/api/events/${older}`)).status).toBe(200);
  });

  it('features only events still on sale', async () => {
    const started = await eventIn(-1);
    await app.db.query('UPDATE events SET featured_rank = 90 WHERE id = $1', [started]);
    const { body } = await json<{ featured: { eventId: number }[] }>(await app.request('GET', '/api/events/featured'));
    expect(body.featured.length).toBeGreaterThan(0);
    expect(body.featured.map((f) => f.eventId)).not.toContain(started);
    await app.db.query('UPDATE events SET featured_rank = NULL WHERE id = $1', [started]);
  });

  it('refuses an unknown genre for the past events with a clear 400', async () => {
    const { status, body } = await json(await app.request('GET', '/api/events/past?genre=opera'));
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'genre must be one of: sports, concert, community' });
  });
});
