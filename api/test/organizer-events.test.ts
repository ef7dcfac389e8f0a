// Create Event, the Event List and the event selectors (PRODUCT §5): the organizer's own events
// only, requests saved Pending, edited only while Pending, every field checked on the server.
import type { EventOptionsResponse, OrganizerEventDetailResponse, OrganizerEventsResponse, CitiesResponse } from '@sports/contracts';
import { organizerEventDetailResponseSchema, organizerEventsResponseSchema } from '@sports/contracts';
import { validAddress } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { ownEvent, png, signedIn, signedInAs, upload } from './support/organizer';
import type { Person } from './support/organizer';

const DAY = 86_400_000;

/** MM-DD-YYYY hh:mm am of an instant in Manila. */
function typed(instant: Date): string {
  const l = new Date(instant.getTime() + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = l.getUTCHours();
  return `${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}-${l.getUTCFullYear()} ${two(h % 12 || 12)}:${two(l.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

/** 10:00 am in Manila, `days` after today there: a 4-hour event then ends the day it starts, whenever the test runs. */
function manilaMorning(days: number): Date {
  const today = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 2));
}


// Real HTTP, argon2 logins and PostgreSQL on a small shared machine: generous time per test.
jest.setTimeout(30_000);
describe('organizer events', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let participant: Person;
  let admin: string;
  let address: { city_id: string; barangay_id: string };
  let bannerId: string;
  const start = new Date(Math.floor((Date.now() + 20 * DAY) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, participant] = await Promise.all([signedIn(app, 'Organizer', 'Olivia'), signedIn(app, 'Organizer', 'Oscar'), signedIn(app, 'Participant')]);
    admin = await signedInAs(app, 'admin@demo.local');
    address = await validAddress(app.db);
    const res = await upload(app, owner.cookie, png(40, 20));
    bannerId = ((await res.json()) as { banner: { id: string } }).banner.id;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const form = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'Barangay Volleyball Clinic',
    description: 'Two hours of drills with the city team.',
    category: 'sports',
    bannerId,
    venueName: 'Sports Complex Arena',
    streetName: 'Sampaguita Avenue',
    cityCode: address.city_id,
    barangayCode: address.barangay_id,
    start: typed(start),
    end: typed(end),
    price: 120,
    ...overrides,
  });
  const create = (cookie: string | null, body: unknown) => app.request('POST', '/api/organizer/events', { ...(cookie ? { cookie } : {}), body });

  it('answers 401 without a session and 403 to other roles, on every organizer events endpoint', async () => {
    const id = await ownEvent(app.db, owner.id, { status: 'Pending' });
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/organizer/events', undefined],
      ['GET', '/api/organizer/event-options', undefined],
      ['GET', '/api/organizer/cities?search=Quezon', undefined],
      ['POST', '/api/organizer/events', form()],
      ['GET', `/api/organizer/events/${id}`, undefined],
      ['PUT', `/api/organizer/events/${id}`, form()],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await app.request(method, path, body === undefined ? {} : { body });
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
      for (const cookie of [participant.cookie, admin]) {
        const res = await app.request(method, path, { cookie, ...(body === undefined ? {} : { body }) });
        expect([method, path, res.status, await res.json()]).toEqual([method, path, 403, { success: false, error: 'You do not have access to this.' }]);
      }
    }
  });

  it('saves a new request as Pending, owned by the caller, and shows it back as typed', async () => {
    const res = await json<OrganizerEventDetailResponse>(await create(owner.cookie, form()));
    expect(res.status).toBe(201);
    const event = organizerEventDetailResponseSchema.parse(res.body).event;
    expect(event).toMatchObject({
      name: 'Barangay Volleyball Clinic',
      category: 'sports',
      status: 'Pending',
      rejectionReason: null,
      venueName: 'Sports Complex Arena',
      streetName: 'Sampaguita Avenue',
      city: { code: address.city_id, name: 'Quezon City' },
      barangay: { code: address.barangay_id },
      start: typed(start),
      end: typed(end),
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      price: 120,
      editable: true,
      plannable: true,
      seatPlan: null,
      banner: { id: bannerId, url: `/api/banners/${bannerId}`, contentType: 'image/webp', width: 40, height: 20 },
    });
    const { rows } = await app.db.query('SELECT organizer_user_id, status FROM events WHERE id = $1', [event.id]);
    expect(rows).toEqual([{ organizer_user_id: owner.id, status: 'Pending' }]);
    // Visitors never see a request.
    expect((await app.request('GET', `/api/events/${event.id}`)).status).toBe(404);
    // The owner reads it again; another organizer does not find it.
    expect((await json<OrganizerEventDetailResponse>(await app.request('GET', `/api/organizer/events/${event.id}`, { cookie: owner.cookie }))).body.event).toEqual(event);
    expect(await json(await app.request('GET', `/api/organizer/events/${event.id}`, { cookie: other.cookie }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
  });

  it('stores names and texts without invisible or bidirectional control characters, in NFC; a name of only those is refused', async () => {
    const res = await json<OrganizerEventDetailResponse>(
      await create(owner.cookie, form({ name: '\u202egnp.exe', description: 'Drills\u200b with the city team.', venueName: 'Arena Santo Nin\u0303o', streetName: '\u2066Sampaguita\u2069 Avenue\ufeff' })),
    );
    expect(res.status).toBe(201);
    const { id } = res.body.event;
    const { rows } = await app.db.query('SELECT title, description, venue_name, street_name FROM events WHERE id = $1', [id]);
    expect(rows).toEqual([{ title: 'gnp.exe', description: 'Drills with the city team.', venue_name: 'Arena Santo Niño', street_name: 'Sampaguita Avenue' }]);
    expect(await json(await create(owner.cookie, form({ name: '\u200b' })))).toEqual({ status: 400, body: { success: false, error: 'Event name is required' } });
    expect(await json(await app.request('PUT', `/api/organizer/events/${id}`, { cookie: owner.cookie, body: form({ name: ' \u202e\u200d ' }) }))).toEqual({
      status: 400,
      body: { success: false, error: 'Event name is required' },
    });
  });

  it('edits a request only while it is Pending, and only its owner', async () => {
    const { body } = await json<OrganizerEventDetailResponse>(await create(owner.cookie, form({ name: 'To be edited' })));
    const id = body.event.id;
    const edited = await json<OrganizerEventDetailResponse>(await app.request('PUT', `/api/organizer/events/${id}`, { cookie: owner.cookie, body: form({ name: 'Edited', price: 0, category: 'community' }) }));
    expect(edited.status).toBe(200);
    expect(edited.body.event).toMatchObject({ id, name: 'Edited', price: 0, category: 'community', status: 'Pending' });
    expect(await json(await app.request('PUT', `/api/organizer/events/${id}`, { cookie: other.cookie, body: form({ name: 'Hijacked' }) }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect(await json(await app.request('PUT', '/api/organizer/events/2147483647', { cookie: owner.cookie, body: form() }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    // An admin's decision (Rejected, so no visitor list in another suite ever shows this event).
    await app.db.query(`UPDATE events SET status = 'Rejected', rejection_reason = 'Not this season.' WHERE id = $1`, [id]);
    const late = await json(await app.request('PUT', `/api/organizer/events/${id}`, { cookie: owner.cookie, body: form({ name: 'Too late' }) }));
    expect(late).toEqual({ status: 409, body: { success: false, error: 'This request was rejected: change what the admin asked and send it again with Resubmit.' } });
    const { rows } = await app.db.query<{ title: string }>('SELECT title FROM events WHERE id = $1', [id]);
    expect(rows[0]?.title).toBe('Edited');
  });

  it.each([
    [{ name: '' }, 'Event name is required'],
    [{ name: 'x'.repeat(201) }, 'Event name is too long (at most 200 characters)'],
    [{ description: '   ' }, 'Description is required'],
    [{ category: 'opera' }, 'Choose a category: sports, concert or community'],
    [{ bannerId: undefined }, 'Banner image is required'],
    [{ bannerId: 'not-a-banner' }, 'Banner image is required'],
    [{ bannerId: 'AAAAAAAAAAAAAAAAAAAAAA' }, 'Banner image is required: upload it again.'],
    [{ venueName: '' }, 'Venue name is required'],
    [{ streetName: undefined }, 'Street name is required'],
    [{ cityCode: '12' }, 'Choose a city'],
    [{ cityCode: '0000000000' }, 'Choose a city from the list'],
    [{ barangayCode: '9999999999' }, 'Choose a barangay of the chosen city'],
    [{ price: -1 }, 'Ticket price cannot be negative'],
    [{ price: '100' }, 'Ticket price must be a number of pesos (0 for a free event)'],
    [{ price: 10.005 }, 'Ticket price may have at most two decimals'],
    [{ price: 100_001 }, 'Ticket price must be at most 100000 pesos'],
    [{ start: '2030-02-15 06:00' }, 'Start date and time must look like 02-15-2024 06:00 am'],
    [{ start: '02-30-2030 06:00 am' }, 'Start date and time is not a real date'],
    [{ end: '02-15-2030 13:00 pm' }, 'End date and time is not a real time (hours 01-12, minutes 00-59)'],
    [{ start: '01-01-2020 06:00 am', end: '01-01-2020 08:00 am' }, 'The event must start in the future'],
    [{ end: typed(start) }, 'The end must be after the start'],
    [{ end: typed(new Date(start.getTime() - 60_000)) }, 'The end must be after the start'],
    [{ start: typed(new Date(Date.now() + 800 * DAY)), end: typed(new Date(Date.now() + 801 * DAY)) }, 'The event must start within 730 days'],
    [{ end: typed(new Date(start.getTime() + 31 * DAY)) }, 'An event may last at most 30 days'],
    [{ checkinOpensMinutes: -1 }, 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440'],
    [{ checkinOpensMinutes: 1441 }, 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440'],
    [{ checkinOpensMinutes: 90.5 }, 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440'],
    [{ checkinOpensMinutes: '60' }, 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440'],
    [{ checkinOpensMinutes: null }, 'Doors open (minutes before start) must be a whole number of minutes from 0 to 1440'],
    [{ checkinClosesMinutes: -5 }, 'Check-in closes (minutes after end) must be a whole number of minutes from 0 to 1440'],
    [{ checkinClosesMinutes: 100_000 }, 'Check-in closes (minutes after end) must be a whole number of minutes from 0 to 1440'],
    [{ checkinClosesMinutes: 'late' }, 'Check-in closes (minutes after end) must be a whole number of minutes from 0 to 1440'],
    [{ extra: 1 }, 'Unexpected field: extra'],
  ])('refuses %j with a clear 400', async (overrides, error) => {
    const before = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE organizer_user_id = $1', [owner.id])).rows[0]?.n;
    expect(await json(await create(owner.cookie, form(overrides)))).toEqual({ status: 400, body: { success: false, error } });
    const after = (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE organizer_user_id = $1', [owner.id])).rows[0]?.n;
    expect(after).toBe(before);
  });

  it('keeps the check-in window: 180 minutes before the start and 0 after the end unless given, 0 and 1440 allowed, an edit without it keeps it', async () => {
    const window = async (id: number) =>
      (await app.db.query('SELECT checkin_opens_minutes AS opens, checkin_closes_minutes AS closes FROM events WHERE id = $1', [id])).rows[0];
    const plain = await json<OrganizerEventDetailResponse>(await create(owner.cookie, form({ name: 'Default doors' })));
    expect(plain.status).toBe(201);
    expect(plain.body.event).toMatchObject({ checkinOpensMinutes: 180, checkinClosesMinutes: 0 });
    expect(await window(plain.body.event.id)).toEqual({ opens: 180, closes: 0 });

    const early = await json<OrganizerEventDetailResponse>(await create(owner.cookie, form({ name: 'Early doors', checkinOpensMinutes: 1440, checkinClosesMinutes: 45 })));
    expect(early.status).toBe(201);
    const id = early.body.event.id;
    expect(early.body.event).toMatchObject({ checkinOpensMinutes: 1440, checkinClosesMinutes: 45 });
    const read = await json<OrganizerEventDetailResponse>(await app.request('GET', `/api/organizer/events/${id}`, { cookie: owner.cookie }));
    expect(organizerEventDetailResponseSchema.parse(read.body).event).toMatchObject({ checkinOpensMinutes: 1440, checkinClosesMinutes: 45 });

    const put = (body: unknown) => app.request('PUT', `/api/organizer/events/${id}`, { cookie: owner.cookie, body });
    const edited = await json<OrganizerEventDetailResponse>(await put(form({ name: 'Early doors', checkinOpensMinutes: 0, checkinClosesMinutes: 1440 })));
    expect(edited.status).toBe(200);
    expect(edited.body.event).toMatchObject({ checkinOpensMinutes: 0, checkinClosesMinutes: 1440 });
    // An edit that does not send the window (an older screen) leaves it as it was.
    expect((await json<OrganizerEventDetailResponse>(await put(form({ name: 'Early doors, renamed' })))).body.event).toMatchObject({
      name: 'Early doors, renamed',
      checkinOpensMinutes: 0,
      checkinClosesMinutes: 1440,
    });
    expect(await window(id)).toEqual({ opens: 0, closes: 1440 });
    // A refused edit changes nothing.
    expect(await json(await put(form({ checkinClosesMinutes: 1441 })))).toEqual({
      status: 400,
      body: { success: false, error: 'Check-in closes (minutes after end) must be a whole number of minutes from 0 to 1440' },
    });
    expect(await window(id)).toEqual({ opens: 0, closes: 1440 });
  });

  it("refuses another organizer's banner, and a barangay of another city", async () => {
    const theirs = ((await (await upload(app, other.cookie, png(8, 8))).json()) as { banner: { id: string } }).banner.id;
    expect((await json(await create(owner.cookie, form({ bannerId: theirs })))).body).toEqual({ success: false, error: 'Banner image is required: upload it again.' });
    const { rows } = await app.db.query<{ code: string }>('SELECT code FROM barangays WHERE city_code <> $1 ORDER BY code LIMIT 1', [address.city_id]);
    expect((await json(await create(owner.cookie, form({ barangayCode: rows[0]?.code })))).body).toEqual({ success: false, error: 'Choose a barangay of the chosen city' });
  });

  it('reads 12:00 am, uppercase AM/PM and a start just a minute ahead the way the contract says', async () => {
    const day = new Date(Date.now() + 40 * DAY);
    const date = typed(day).slice(0, 10);
    const res = await json<OrganizerEventDetailResponse>(await create(owner.cookie, form({ start: `${date} 12:00 AM`, end: `${date} 12:00 PM` })));
    expect(res.status).toBe(201);
    const [mm, dd, yyyy] = date.split('-');
    expect(res.body.event.startsAt).toBe(new Date(`${yyyy}-${mm}-${dd}T00:00:00+08:00`).toISOString());
    expect(res.body.event.endsAt).toBe(new Date(`${yyyy}-${mm}-${dd}T12:00:00+08:00`).toISOString());
    expect(res.body.event.start).toBe(`${date} 12:00 am`);
    const soon = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    expect((await create(owner.cookie, form({ start: typed(soon), end: typed(new Date(soon.getTime() + 3_600_000)) }))).status).toBe(201);
  });

  describe('Event List', () => {
    let lister: Person;
    const ids: number[] = [];
    beforeAll(async () => {
      lister = await signedIn(app, 'Organizer');
      for (let i = 0; i < 12; i += 1) {
        ids.push(await ownEvent(app.db, lister.id, { title: `${i % 3 === 0 ? 'Chess' : 'Run'} night ${String(i).padStart(2, '0')}`, startsAt: manilaMorning(i + 1) }));
      }
      await app.db.query(`UPDATE events SET status = 'Rejected', rejection_reason = 'The hall is closed that week.' WHERE id = $1`, [ids[1]]);
      await app.db.query(`UPDATE events SET status = 'Pending' WHERE id = $1`, [ids[2]]);
      await app.db.query(`INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by) VALUES ($1, 4, 5, now(), $2)`, [ids[0], lister.id]);
    }, 60_000);
    const list = async (query = '', cookie = lister.cookie) => json<OrganizerEventsResponse>(await app.request('GET', `/api/organizer/events${query}`, { cookie }));

    it('pages the caller’s events 10 at a time, soonest first, with the screen’s columns', async () => {
      const first = await list();
      expect(first.status).toBe(200);
      organizerEventsResponseSchema.parse(first.body);
      expect(first.body).toMatchObject({ page: 1, pageSize: 10, total: 12, totalPages: 2 });
      expect(first.body.events.map((e) => e.id)).toEqual(ids.slice(0, 10));
      const second = await list('?page=2');
      expect(second.body.events.map((e) => e.id)).toEqual(ids.slice(10));
      expect((await list('?page=3')).body.events).toEqual([]);
      const planned = first.body.events[0];
      expect(planned).toMatchObject({ name: 'Chess night 00', type: 'Sports', genre: 'sports', status: 'Approved', capacity: 20, hasSeatPlan: true, ticketsSold: 0, rejectionReason: null });
      expect(planned?.duration).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(planned?.timeRange).toMatch(/^\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M$/);
      const venue = (await app.db.query<{ n: number }>('SELECT sum(capacity)::int AS n FROM sections WHERE event_id IS NULL')).rows[0]?.n;
      expect(first.body.events[1]).toMatchObject({ status: 'Rejected', rejectionReason: 'The hall is closed that week.', capacity: venue, hasSeatPlan: false });
    });

    it('searches by name (wildcards literal), filters by event and status, all on the server', async () => {
      expect((await list('?search=chess')).body).toMatchObject({ total: 4, totalPages: 1 });
      expect((await list('?search=%25')).body.total).toBe(0);
      expect((await list(`?eventId=${ids[5]}`)).body.events.map((e) => e.id)).toEqual([ids[5]]);
      expect((await list('?status=Pending')).body.events.map((e) => e.id)).toEqual([ids[2]]);
      // Another organizer's event is simply not in the list.
      expect((await list(`?eventId=${ids[5]}`, other.cookie)).body).toMatchObject({ events: [], total: 0, totalPages: 1 });
    });

    it.each(['page=0', 'page=x', 'page=1&page=2', 'status=Done', 'eventId=0', 'eventId=abc', `search=${'x'.repeat(101)}`])('refuses ?%s with 400', async (query) => {
      expect((await list(`?${query}`)).status).toBe(400);
    });

    it('gives the selectors every event, with what each screen may do, and the current one', async () => {
      await app.db.query('UPDATE events SET starts_at = $2, ends_at = $3 WHERE id = $1', [ids[11], new Date(Date.now() - 3 * DAY), new Date(Date.now() - 3 * DAY + 3_600_000)]);
      const { status, body } = await json<EventOptionsResponse>(await app.request('GET', '/api/organizer/event-options', { cookie: lister.cookie }));
      expect(status).toBe(200);
      expect(body.events).toHaveLength(12);
      expect(body.events[0]?.id).toBe(ids[11]);
      expect(body.events[0]).toMatchObject({ editable: false, plannable: false });
      // The first event that has not ended yet.
      expect(body.current).toBe(ids[0]);
      expect(body.events.find((e) => e.id === ids[2])).toMatchObject({ status: 'Pending', editable: true, plannable: true });
      // A Rejected request is editable to be sent again (Resubmit); an Approved one until it starts.
      expect(body.events.find((e) => e.id === ids[1])).toMatchObject({ status: 'Rejected', editable: true, plannable: false });
      expect(body.events.find((e) => e.id === ids[0])).toMatchObject({ hasSeatPlan: true });
      const none = await json<EventOptionsResponse>(await app.request('GET', '/api/organizer/event-options', { cookie: (await signedIn(app, 'Organizer')).cookie }));
      expect(none.body).toEqual({ success: true, events: [], current: null });
    });
  });

  it('lists cities for the city select, by name', async () => {
    const { status, body } = await json<CitiesResponse>(await app.request('GET', '/api/organizer/cities?search=quezon', { cookie: owner.cookie }));
    expect(status).toBe(200);
    expect(body.cities).toContainEqual(expect.objectContaining({ code: address.city_id, name: 'Quezon City' }));
    expect(body.cities.every((c) => /quezon/i.test(c.name) && c.province.length > 0)).toBe(true);
    expect((await json<CitiesResponse>(await app.request('GET', '/api/organizer/cities', { cookie: owner.cookie }))).body.cities).toHaveLength(50);
    expect((await app.request('GET', `/api/organizer/cities?search=${'q'.repeat(101)}`, { cookie: owner.cookie })).status).toBe(400);
  });

  it('refuses malformed ids and bodies with 4xx, never 500', async () => {
    for (const id of ['0', 'abc', '1.5', '99999999999', '-1', '0x10']) {
      expect((await app.request('GET', `/api/organizer/events/${id}`, { cookie: owner.cookie })).status).toBe(400);
    }
    for (const raw of ['[]', '"x"', 'null', '{"name":"a\\u0000b"}', '{']) {
      const res = await app.request('POST', '/api/organizer/events', { cookie: owner.cookie, raw });
      expect([raw, res.status]).toEqual([raw, 400]);
    }
  });
});
