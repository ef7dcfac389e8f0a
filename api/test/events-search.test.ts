import { randomBytes } from 'node:crypto';
import { SEARCH_PAGE_SIZE, eventSearchResponseSchema, searchResultSchema } from '@sports/contracts';
import type { EventSearchResponse } from '@sports/contracts';
import { json, newSession, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { strict } from './support/contracts';
import { buyTicket, holdTicket, planSection } from './support/organizer';

const DAY = 86_400_000;

/** A made-up word no other suite's event carries, so each test searches among its own events. */
const word = (): string => Array.from(randomBytes(8), (b) => 'bcdfghjklmnpqrstvwz'[b % 19]).join('');

interface EventFields {
  title: string;
  description?: string;
  genre?: 'sports' | 'concert' | 'community';
  price?: number;
  startsAt?: Date;
  status?: 'Approved' | 'Pending' | 'Rejected';
  organizer?: string | null;
  organizerUserId?: number | null;
  venue?: string | null;
  createdAt?: Date;
}

describe('GET /api/events/search: what a visitor finds, filtered and sorted', () => {
  let app: BookingApp;

  const daysFromNow = (days: number): Date => new Date(app.clock.now().getTime() + days * DAY);

  async function insertEvent(f: EventFields): Promise<number> {
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status, organizer, organizer_user_id, venue_name, created_at)
       VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        f.genre ?? 'sports',
        f.title,
        f.description ?? 'An evening at the complex',
        f.startsAt ?? daysFromNow(20),
        f.price ?? 150,
        f.status ?? 'Approved',
        f.organizer ?? null,
        f.organizerUserId ?? null,
        f.venue ?? null,
        f.createdAt ?? app.clock.now(),
      ],
    );
    return (rows[0] as { id: number }).id;
  }

  /** A seat plan of `seats` seats in one row for the event, and its section. */
  async function planOf(eventId: number, seats: number): Promise<number> {
    await app.db.query(
      `INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by)
       VALUES ($1, 1, $2, now(), (SELECT min(id) FROM users))`,
      [eventId, seats],
    );
    return planSection(app, eventId);
  }

  async function search(query: string): Promise<EventSearchResponse> {
    const { status, body } = await json<EventSearchResponse>(await app.request('GET', `/api/events/search?${query}`));
    expect({ status, body: status === 200 ? 'ok' : body }).toEqual({ status: 200, body: 'ok' });
    expect(strict(eventSearchResponseSchema).parse(body)).toEqual(body);
    for (const event of body.events) expect(strict(searchResultSchema).parse(event)).toEqual(event);
    return body;
  }

  /** The ids found for `query`, in order, among `mine` (other suites add events of their own). */
  const found = async (query: string, mine: number[]): Promise<number[]> =>
    (await search(query)).events.map((e) => e.id).filter((id) => mine.includes(id));

  const q = (text: string): string => `q=${encodeURIComponent(text)}`;

  beforeAll(async () => {
    app = await startBookingApp();
  });
  afterEach(() => app.clock.reset());
  afterAll(async () => {
    await app.stop();
  });

  it('finds a misspelled word, ranking a match in the title above one in the description', async () => {
    const w = word();
    const inDescription = await insertEvent({ title: `Evening ${w}`, description: `Ends with the basketball final of ${w}` });
    const inTitle = await insertEvent({ title: `Basketball ${w} Cup`, startsAt: daysFromNow(40) });
    const unrelated = await insertEvent({ title: `Volleyball ${word()}` });
    const mine = [inDescription, inTitle, unrelated];

    expect(await found(q(`basketbal ${w}`), mine)).toEqual([inTitle, inDescription]);
    expect(await found(q(`BASKETBALL ${w.slice(0, -1)}`), mine)).toEqual([inTitle, inDescription]);
  });

  it('finds an event with every word of the text, misspelled or not, and not one with only some', async () => {
    const w = word();
    const both = await insertEvent({ title: `Fútbol ${w} Championship` });
    const oneWord = await insertEvent({ title: `Chess ${w} Championship` });
    const mine = [both, oneWord];
    expect(await found(q(`futbol championship ${w}`), mine)).toEqual([both]);
    expect(await found(q(`FÚTBOL champioship ${w}`), mine)).toEqual([both]);
    expect((await found(q(`championship ${w}`), mine)).sort()).toEqual([both, oneWord].sort());
  });

  it('finds a long word with one letter dropped, and holds a short word to the stricter match', async () => {
    const w = word();
    const games = await insertEvent({ title: `Palarong Panlungsod ${w} Championship` });
    const open = await insertEvent({ title: `Open ${w} Chess Day` });
    const mine = [games, open];
    // "palaong" is 0.55 similar to "palarong": below the 0.6 every word once had to reach.
    expect(await found(q(`Palaong Panlungsod ${w} Championship`), mine)).toEqual([games]);
    expect(await found(q(`palarong panlngsod ${w}`), mine)).toEqual([games]);
    // "opn" is 0.5 similar to "open": a three-letter word that loose would match too much.
    expect(await found(q(`opn ${w}`), mine)).toEqual([]);
    expect(await found(q(`open ${w}`), mine)).toEqual([open]);
  });

  it('ignores accents and case both ways: "cafe" finds Café, "café" finds Cafe', async () => {
    const w = word();
    const accented = await insertEvent({ title: `Café ${w} Nights`, genre: 'concert' });
    const plain = await insertEvent({ title: `Cafe ${w} Mornings`, genre: 'concert' });
    const mine = [accented, plain];
    expect((await found(q(`cafe ${w}`), mine)).sort()).toEqual([accented, plain].sort());
    expect((await found(q(`CAFÉ ${w}`), mine)).sort()).toEqual([accented, plain].sort());
    const result = (await search(q(`café ${w} nights`))).events.find((e) => e.id === accented);
    expect(result?.title).toBe(`Café ${w} Nights`);
  });

  it("finds an organizer's events by the organizer's name, and events by their venue", async () => {
    const last = `${word()}ova`;
    const { rows } = await app.db.query<{ id: number; name: string }>(
      `INSERT INTO users (email, first_name, last_name, role_id)
       SELECT $1, 'Mariña', $2, r.id FROM roles r WHERE r.name = 'Organizer' RETURNING id, first_name || ' ' || last_name AS name`,
      [`${last}@test.local`, last],
    );
    const organizer = rows[0] as { id: number; name: string };
    const theirs = await insertEvent({ title: 'Saturday Fun Run', organizer: organizer.name, organizerUserId: organizer.id });
    const venueWord = word();
    const atVenue = await insertEvent({ title: 'Open Chess Day', venue: `${venueWord} Covered Court`, genre: 'community' });
    const mine = [theirs, atVenue];

    expect(await found(q(`marina ${last}`), mine)).toEqual([theirs]);
    const result = (await search(q(last))).events.find((e) => e.id === theirs);
    expect(result?.organizer).toBe(organizer.name);
    expect(await found(q(`${venueWord} court`), mine)).toEqual([atVenue]);
  });

  it('lists only what GET /api/events lists: not past, pending, rejected or cancelled events', async () => {
    const w = word();
    const listed = await insertEvent({ title: `Derby ${w}` });
    const past = await insertEvent({ title: `Derby ${w} last year`, startsAt: daysFromNow(-1) });
    const pending = await insertEvent({ title: `Derby ${w} pending`, status: 'Pending' });
    const rejected = await insertEvent({ title: `Derby ${w} rejected`, status: 'Rejected' });
    const cancelled = await insertEvent({ title: `Derby ${w} cancelled` });
    await app.db.query(`UPDATE events SET cancelled_at = now(), cancel_reason = 'Rain' WHERE id = $1`, [cancelled]);
    const mine = [listed, past, pending, rejected, cancelled];

    expect(await found(q(`derby ${w}`), mine)).toEqual([listed]);
    // Its start passes: it leaves the results.
    app.clock.advance(21 * DAY);
    expect(await found(q(`derby ${w}`), mine)).toEqual([]);
  });

  it('filters by genre, free or paid, price range and seats left', async () => {
    const w = word();
    const free = await insertEvent({ title: `Fiesta ${w} free`, price: 0, genre: 'community', startsAt: daysFromNow(3) });
    const cheap = await insertEvent({ title: `Fiesta ${w} cheap`, price: 250, startsAt: daysFromNow(4) });
    const dear = await insertEvent({ title: `Fiesta ${w} dear`, price: 800, genre: 'concert', startsAt: daysFromNow(5) });
    const mine = [free, cheap, dear];
    const base = `${q(`fiesta ${w}`)}&sort=soonest`;

    expect(await found(base, mine)).toEqual([free, cheap, dear]);
    expect(await found(`${base}&genre=concert`, mine)).toEqual([dear]);
    expect(await found(`${base}&price=free`, mine)).toEqual([free]);
    expect(await found(`${base}&price=paid`, mine)).toEqual([cheap, dear]);
    expect(await found(`${base}&maxPrice=300`, mine)).toEqual([free, cheap]);
    expect(await found(`${base}&minPrice=250&maxPrice=250`, mine)).toEqual([cheap]);
    expect(await found(`${base}&minPrice=250.01`, mine)).toEqual([dear]);
    // Empty fields of the form count as not given.
    expect(await found(`${base}&genre=&price=&minPrice=&maxPrice=&from=&to=&minSeats=`, mine)).toEqual([free, cheap, dear]);

    // Seats left: a sold seat and a live hold are taken; a hold that ran out is not.
    const section = await planOf(cheap, 3);
    const buyer = await newSession(app);
    await buyTicket(app, buyer.cookie, cheap, section, [1]);
    await holdTicket(app, buyer.cookie, cheap, section, [2]);
    const cheapResult = (await search(base)).events.find((e) => e.id === cheap);
    expect(cheapResult).toMatchObject({ seatsLeft: 1, soldOut: false });
    expect(await found(`${base}&minSeats=1`, mine)).toEqual([free, cheap, dear]);
    expect(await found(`${base}&minSeats=2`, mine)).toEqual([free, dear]);
    app.clock.advance(app.config.booking.holdMinutes * 60_000 + 1000);
    expect(await found(`${base}&minSeats=2`, mine)).toEqual([free, cheap, dear]);
    await holdTicket(app, buyer.cookie, cheap, section, [2, 3]);
    expect((await search(base)).events.find((e) => e.id === cheap)).toMatchObject({ seatsLeft: 0, soldOut: true });
  });

  it('filters by days in Manila time, both ends included', async () => {
    const w = word();
    // A day ten days on, in Manila (UTC+8, no daylight saving).
    const day = new Date(daysFromNow(10).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const at = (manilaTime: string): Date => new Date(`${day}T${manilaTime}+08:00`);
    const lateEvening = await insertEvent({ title: `Gala ${w} late`, startsAt: at('23:30') });
    const nextMorning = await insertEvent({ title: `Gala ${w} morning`, startsAt: new Date(at('00:30').getTime() + DAY) });
    const dayBefore = await insertEvent({ title: `Gala ${w} before`, startsAt: new Date(at('00:00').getTime() - 60_000) });
    const mine = [dayBefore, lateEvening, nextMorning];
    const base = `${q(`gala ${w}`)}&sort=soonest`;
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

    expect(await found(`${base}&from=${day}&to=${day}`, mine)).toEqual([lateEvening]);
    expect(await found(`${base}&from=${day}`, mine)).toEqual([lateEvening, nextMorning]);
    expect(await found(`${base}&to=${day}`, mine)).toEqual([dayBefore, lateEvening]);
    expect(await found(`${base}&from=${next}&to=${next}`, mine)).toEqual([nextMorning]);
  });

  it('sorts by best match, soonest, price and newest; without text, soonest first', async () => {
    const w = word();
    const now = app.clock.now().getTime();
    const a = await insertEvent({ title: `Regatta ${w}`, price: 500, startsAt: daysFromNow(9), createdAt: new Date(now - 3 * DAY) });
    const b = await insertEvent({ title: `Rowing day`, description: `Part of regatta ${w}`, price: 100, startsAt: daysFromNow(7), createdAt: new Date(now - DAY) });
    const c = await insertEvent({ title: `Regatta ${w} finals`, price: 300, startsAt: daysFromNow(8), createdAt: new Date(now - 2 * DAY) });
    const mine = [a, b, c];
    const text = q(`regatta ${w}`);

    const best = await found(text, mine);
    expect(best.slice(-1)).toEqual([b]);
    expect(await found(`${text}&sort=relevance`, mine)).toEqual(best);
    expect(await found(`${text}&sort=soonest`, mine)).toEqual([b, c, a]);
    expect(await found(`${text}&sort=price`, mine)).toEqual([b, c, a]);
    expect(await found(`${text}&sort=newest`, mine)).toEqual([b, c, a]);
    await app.db.query('UPDATE events SET price = 50 WHERE id = $1', [a]);
    expect(await found(`${text}&sort=price`, mine)).toEqual([a, b, c]);

    // No text: every listed event, soonest first.
    const all = await search('');
    const starts = all.events.map((e) => Date.parse(e.startsAt));
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);
    expect(all.events.every((e) => Date.parse(e.startsAt) > app.clock.now().getTime())).toBe(true);
  });

  it('pages the results, SEARCH_PAGE_SIZE at a time, and says how many there are in all', async () => {
    const w = word();
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i += 1) ids.push(await insertEvent({ title: `Marathon ${w} ${i}`, startsAt: daysFromNow(30 + i) }));
    const base = `${q(`marathon ${w}`)}&sort=soonest`;

    const first = await search(base);
    expect(first).toMatchObject({ total: SEARCH_PAGE_SIZE + 5, page: 1, pageSize: SEARCH_PAGE_SIZE });
    expect(first.events.map((e) => e.id)).toEqual(ids.slice(0, SEARCH_PAGE_SIZE));
    const second = await search(`${base}&page=2`);
    expect(second.events.map((e) => e.id)).toEqual(ids.slice(SEARCH_PAGE_SIZE));
    const past = await search(`${base}&page=3`);
    expect(past).toMatchObject({ events: [], total: SEARCH_PAGE_SIZE + 5, page: 3 });
    const nothing = await search(q(`${word()} ${word()}`));
    expect(nothing).toMatchObject({ events: [], total: 0 });
  });

  it('takes any text as text, not as SQL or a pattern', async () => {
    const w = word();
    const id = await insertEvent({ title: `100% ${w} O'Brien_Cup \\ night` });
    expect(await found(q(`100% ${w} o'brien_cup`), [id])).toEqual([id]);
    for (const text of ["'; DROP TABLE events; --", '%', '_', '\\', '%%%___', '😀', 'a']) {
      const res = await app.request('GET', `/api/events/search?${q(text)}`);
      expect(res.status).toBe(200);
    }
  });

  it.each([
    ['genre=opera', 'genre must be one of: sports, concert, community'],
    ['price=cheap', 'price must be free or paid'],
    ['sort=popular', 'sort must be one of: relevance, soonest, price, newest'],
    ['from=2026-02-30', 'from must be a date as YYYY-MM-DD'],
    ['to=tomorrow', 'to must be a date as YYYY-MM-DD'],
    ['from=2026-06-02&to=2026-06-01', 'from must not be after to'],
    ['minPrice=-5', 'minPrice must be an amount in pesos from 0 to 1000000'],
    ['maxPrice=1e3', 'maxPrice must be an amount in pesos from 0 to 1000000'],
    ['maxPrice=2000000', 'maxPrice must be an amount in pesos from 0 to 1000000'],
    ['minPrice=500&maxPrice=300', 'minPrice must not be more than maxPrice'],
    ['minSeats=0', 'minSeats must be a whole number from 1 to 100000'],
    ['minSeats=2.5', 'minSeats must be a whole number from 1 to 100000'],
    ['page=0', 'page must be a whole number from 1'],
    ['page=abc', 'page must be a whole number from 1'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ['q=a&q=b', 'q must be text'],
  ])('refuses %s with a 400 that says what is wrong', async (query, message) => {
    const { status, body } = await json(await app.request('GET', `/api/events/search?${query}`));
    expect({ status, body }).toEqual({ status: 400, body: { success: false, error: expect.stringContaining(message) as unknown } });
  });
});
