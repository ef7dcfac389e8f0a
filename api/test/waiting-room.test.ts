// The waiting room (waiting-room/): while an event's line is on, seats are held only with a pass,
// passes are given in order of arrival as shoppers pay, leave or let their turn pass, and nothing a
// client sends jumps the line: not a reload, another device, another account's cookie, a forged
// cookie or a direct call of book-seats. Real app, real PostgreSQL, real HTTP.
import { LINE_PASS_REQUIRED } from '@sports/contracts';
import type { LineStatus, WaitingRoomSettings } from '@sports/contracts';
import { KEEP_MS } from '../src/waiting-room/waiting-room';
import { createUser, TEST_PASSWORD } from './support/accounts';
import { book, createEvent, newSession, startBookingApp } from './support/booking';
import type { BookingApp, Session } from './support/booking';

const SECTION = 1;

/** A browser of one account: its session cookie and the line cookies the API set. */
interface Browser {
  session: Session;
  cookies: Map<string, string>;
}

const cookieHeader = (b: Browser): string => [b.session.cookie, ...[...b.cookies].map(([k, v]) => `${k}=${v}`)].join('; ');

function keepCookies(b: Browser, res: Response): void {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';') as [string];
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
    if (!name.startsWith('line-')) continue;
    if (value === '') b.cookies.delete(name);
    else b.cookies.set(name, value);
  }
}

async function line(app: BookingApp, b: Browser, eventId: number, method: 'GET' | 'POST' | 'DELETE' = 'POST'): Promise<LineStatus> {
  const res = await app.request(method, `/api/events/${eventId}/line`, { cookie: cookieHeader(b), ...(method === 'GET' ? {} : { body: {} }) });
  if (res.status !== 200) throw new Error(`${method} line answered ${res.status}: ${await res.text()}`);
  keepCookies(b, res);
  return ((await res.json()) as { line: LineStatus }).line;
}

/** Polls the line as the waiting page does until `done`; the last answer. */
async function pollUntil(app: BookingApp, b: Browser, eventId: number, done: (l: LineStatus) => boolean): Promise<LineStatus> {
  const until = Date.now() + 8_000;
  let last = await line(app, b, eventId);
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await line(app, b, eventId);
  }
  return last;
}

async function holdWith(app: BookingApp, b: Browser, eventId: number, seats: number[], sectionId = SECTION): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app.request('POST', '/backend/api/book-seats.php', { cookie: cookieHeader(b), body: { event_id: eventId, section_id: sectionId, seat_numbers: seats, user_id: 1 } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pay(app: BookingApp, b: Browser, orderId: number): Promise<number> {
  const res = await app.request('POST', `/api/orders/${orderId}/pay`, { cookie: cookieHeader(b), headers: { 'Idempotency-Key': `room-pay-${orderId}` }, body: { paymentMethod: 'gcash', paymentType: 'full' } });
  return res.status;
}

describe('the waiting room', () => {
  let app: BookingApp;
  let admin: string;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    app = await startBookingApp();
    const user = await createUser(app.db, { role: 'Admin' });
    const res = await app.request('POST', '/api/login.php', { body: { email: user.email, password: TEST_PASSWORD } });
    admin = (res.headers.getSetCookie().find((c) => c.startsWith('session=')) as string).split(';')[0] as string;
    for (let i = 0; i < 6; i += 1) browsers.push({ session: await newSession(app), cookies: new Map() });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  const setRoom = async (eventId: number, body: unknown, cookie = admin): Promise<{ status: number; body: { waitingRoom?: WaitingRoomSettings; error?: string } }> => {
    const res = await app.request('PUT', `/api/admin/events/${eventId}/waiting-room`, { cookie, body });
    return { status: res.status, body: (await res.json()) as { waitingRoom?: WaitingRoomSettings; error?: string } };
  };
  const fresh = (b: Browser): Browser => ({ session: b.session, cookies: new Map() });

  it('is open when nobody switched it on: holds need no pass', async () => {
    const eventId = await createEvent(app.db);
    const b = fresh(browsers[0] as Browser);
    expect(await line(app, b, eventId, 'GET')).toEqual({ state: 'open', refreshSeconds: 30 });
    expect(await line(app, b, eventId)).toEqual({ state: 'open', refreshSeconds: 30 });
    expect((await holdWith(app, b, eventId, [1])).status).toBe(200);
  });

  it('admits in order of arrival, as many as it admits at once, and the next as shoppers pay or leave', async () => {
    const eventId = await createEvent(app.db);
    expect(await setRoom(eventId, { on: true, shoppers: 2 })).toEqual({ status: 200, body: { success: true, waitingRoom: { on: true, active: true, shoppers: 2, waiting: 0 } } });
    const [a, b, c, d, e] = browsers.slice(0, 5).map(fresh) as [Browser, Browser, Browser, Browser, Browser];
    // Outside the line: no hold, and the page is told to join.
    expect((await line(app, c, eventId, 'GET')).state).toBe('out');
    expect(await holdWith(app, c, eventId, [1])).toEqual({ status: 403, body: { success: false, error: LINE_PASS_REQUIRED } });
    for (const x of [a, b, c, d, e]) expect((await line(app, x, eventId)).state).toBe('waiting');

    // The first two get their pass; the others move to the front in their order.
    for (const x of [a, b]) expect((await pollUntil(app, x, eventId, (l) => l.state === 'admitted')).passExpiresAt).toEqual(expect.any(String));
    expect(await line(app, c, eventId)).toMatchObject({ state: 'waiting', position: 1 });
    expect(await line(app, d, eventId)).toMatchObject({ state: 'waiting', position: 2 });
    expect(await line(app, e, eventId)).toMatchObject({ state: 'waiting', position: 3 });
    expect((await setRoom(eventId, { on: true })).body.waitingRoom).toEqual({ on: true, active: true, shoppers: 2, waiting: 3 });

    // Only a pass holds seats.
    const held = await holdWith(app, a, eventId, [5, 6]);
    expect(held.status).toBe(200);
    expect((await holdWith(app, c, eventId, [7])).status).toBe(403);

    // a pays, b leaves: c and d are next, e moves up to the front.
    expect(await pay(app, a, (held.body.order as { orderId: number }).orderId)).toBe(200);
    expect(await line(app, b, eventId, 'DELETE')).toMatchObject({ state: 'out' });
    expect(b.cookies.size).toBe(0);
    expect((await holdWith(app, b, eventId, [8])).status).toBe(403);
    for (const x of [c, d]) await pollUntil(app, x, eventId, (l) => l.state === 'admitted');
    expect(await line(app, e, eventId)).toMatchObject({ state: 'waiting', position: 1 });
    expect((await holdWith(app, c, eventId, [7])).status).toBe(200);
  }, 30_000);

  it('is not jumped by a reload, another device, another account\'s cookie, a forged cookie or a direct call', async () => {
    const eventId = await createEvent(app.db);
    await setRoom(eventId, { on: true, shoppers: 1 });
    const [first, second, third] = browsers.slice(0, 3).map(fresh) as [Browser, Browser, Browser];
    await pollUntil(app, first, eventId, (l) => l.state === 'admitted');
    expect((await line(app, second, eventId)).state).toBe('waiting');
    expect((await line(app, third, eventId)).state).toBe('waiting');
    // Positions are ranks in the line as the process last read it (at most KEEP_MS ago).
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect(await line(app, second, eventId)).toMatchObject({ state: 'waiting', position: 1 });
    expect(await line(app, third, eventId)).toMatchObject({ state: 'waiting', position: 2 });

    // Reloading, and another device (no cookie) of the same account: the same place.
    expect(await line(app, third, eventId)).toMatchObject({ position: 2 });
    const thirdElsewhere = fresh(third);
    expect(await line(app, thirdElsewhere, eventId)).toMatchObject({ state: 'waiting', position: 2 });

    // first's cookie (with its pass) is worth nothing to another account; a forged one neither.
    const firstCookie = [...first.cookies][0] as [string, string];
    const borrowed: Browser = { session: third.session, cookies: new Map([firstCookie]) };
    expect((await holdWith(app, borrowed, eventId, [1])).status).toBe(403);
    expect(await line(app, borrowed, eventId)).toMatchObject({ state: 'waiting', position: 2 });
    const [, seq, , mac] = firstCookie[1].split('.') as [string, string, string, string];
    const later = Math.floor(Date.now() / 1000) + 3600;
    const secondForged: Browser = { session: second.session, cookies: new Map([[firstCookie[0], `${second.session.id}.${seq}.${later}.${mac}`]]) };
    expect((await holdWith(app, secondForged, eventId, [1])).status).toBe(403);
    expect(await line(app, secondForged, eventId)).toMatchObject({ state: 'waiting', position: 1 });

    // The book call with a made-up body, without a session, or for another event changes nothing.
    expect((await book(app, '', eventId, SECTION, [1])).status).toBe(401);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE event_id = $1`, [eventId]);
    expect(rows[0]?.n).toBe(0);
  }, 30_000);

  it('holds nothing with a pass cookie kept after leaving the line: the freed place goes to the next one only', async () => {
    const eventId = await createEvent(app.db);
    await setRoom(eventId, { on: true, shoppers: 1 });
    const [leaver, next, last] = browsers.slice(0, 3).map(fresh) as [Browser, Browser, Browser];
    await pollUntil(app, leaver, eventId, (l) => l.state === 'admitted');
    expect(await line(app, next, eventId)).toMatchObject({ state: 'waiting' });
    expect(await line(app, last, eventId)).toMatchObject({ state: 'waiting' });
    const saved = new Map(leaver.cookies);
    expect(saved.size).toBe(1);

    // It leaves, puts the cookie back and holds seats: refused as anyone without a pass is.
    expect(await line(app, leaver, eventId, 'DELETE')).toMatchObject({ state: 'out' });
    const replay: Browser = { session: leaver.session, cookies: new Map(saved) };
    expect(await holdWith(app, replay, eventId, [1])).toEqual({ status: 403, body: { success: false, error: LINE_PASS_REQUIRED } });
    // Asked where it stands with that cookie: outside the line, and the cookie goes.
    expect(await line(app, replay, eventId, 'GET')).toEqual({ state: 'out', refreshSeconds: 5 });
    expect(replay.cookies.size).toBe(0);

    // The place went to the next in line, and to nobody else: one shopper at a time.
    await pollUntil(app, next, eventId, (l) => l.state === 'admitted');
    expect((await holdWith(app, next, eventId, [2])).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect(await line(app, last, eventId)).toMatchObject({ state: 'waiting', position: 1 });
    // The old pass kept to the line itself: a new place at the end, no pass.
    const again: Browser = { session: leaver.session, cookies: new Map(saved) };
    expect(await line(app, again, eventId)).toMatchObject({ state: 'waiting' });
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect(await line(app, again, eventId)).toMatchObject({ state: 'waiting', position: 2 });
    expect((await holdWith(app, again, eventId, [3])).status).toBe(403);
    const { rows } = await app.db.query<{ user_id: number; admitted: boolean }>(
      'SELECT user_id, admitted_at IS NOT NULL AS admitted FROM waiting_line WHERE event_id = $1 ORDER BY seq',
      [eventId],
    );
    expect(rows).toEqual([
      { user_id: next.session.id, admitted: true },
      { user_id: last.session.id, admitted: false },
      { user_id: leaver.session.id, admitted: false },
    ]);
    const held = await app.db.query<{ user_id: number }>('SELECT DISTINCT user_id FROM orders WHERE event_id = $1', [eventId]);
    expect(held.rows).toEqual([{ user_id: next.session.id }]);
  }, 30_000);

  it('holds nothing with a pass that ended or was used for a purchase, whatever its cookie says', async () => {
    const eventId = await createEvent(app.db);
    await setRoom(eventId, { on: true, shoppers: 1 });
    const [buyer, late, next] = browsers.slice(0, 3).map(fresh) as [Browser, Browser, Browser];

    // Bought with: the pass is over once the order is paid, and the next one is let in.
    await pollUntil(app, buyer, eventId, (l) => l.state === 'admitted');
    expect(await line(app, next, eventId)).toMatchObject({ state: 'waiting' });
    const held = await holdWith(app, buyer, eventId, [1]);
    expect(held.status).toBe(200);
    expect(await pay(app, buyer, (held.body.order as { orderId: number }).orderId)).toBe(200);
    const paidWith = new Map(buyer.cookies);
    expect(await holdWith(app, buyer, eventId, [2])).toEqual({ status: 403, body: { success: false, error: LINE_PASS_REQUIRED } });
    await pollUntil(app, next, eventId, (l) => l.state === 'admitted');
    // More seats: back to the end of the line.
    expect(await line(app, buyer, eventId)).toMatchObject({ state: 'waiting' });
    expect([...buyer.cookies.values()]).not.toEqual([...paidWith.values()]);
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect(await line(app, buyer, eventId)).toMatchObject({ state: 'waiting', position: 1 });

    // Ended: its time is up in the database though the cookie still names a later end.
    await line(app, next, eventId, 'DELETE');
    await pollUntil(app, buyer, eventId, (l) => l.state === 'admitted');
    expect(await line(app, late, eventId)).toMatchObject({ state: 'waiting' });
    await app.db.query(`UPDATE waiting_line SET claimed_at = now() - interval '16 minutes' WHERE event_id = $1 AND user_id = $2`, [eventId, buyer.session.id]);
    expect(await holdWith(app, buyer, eventId, [3])).toEqual({ status: 403, body: { success: false, error: LINE_PASS_REQUIRED } });
    expect(await line(app, buyer, eventId, 'GET')).toEqual({ state: 'out', refreshSeconds: 5 });
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE event_id = $1`, [eventId]);
    expect(rows[0]?.n).toBe(1);
  }, 30_000);

  it('answers a session that was logged out as every signed-in route does (401), and keeps no place for it', async () => {
    const eventId = await createEvent(app.db);
    await setRoom(eventId, { on: true, shoppers: 1 });
    const session = await newSession(app);
    const inLine: Browser = { session, cookies: new Map() };
    await pollUntil(app, inLine, eventId, (l) => l.state === 'admitted');
    const loggedOut = await newSession(app);
    for (const s of [session, loggedOut]) expect((await app.request('POST', '/api/logout.php', { cookie: s.cookie, body: {} })).status).toBe(200);

    const signedInRoute = await app.request('GET', '/api/my/orders', { cookie: loggedOut.cookie });
    const refusal = { status: signedInRoute.status, body: (await signedInRoute.json()) as unknown };
    expect(refusal).toEqual({ status: 401, body: { success: false, error: expect.any(String) } });
    const ask = async (b: Browser, method: 'GET' | 'POST' | 'DELETE'): Promise<{ status: number; body: unknown }> => {
      const res = await app.request(method, `/api/events/${eventId}/line`, { cookie: cookieHeader(b), ...(method === 'GET' ? {} : { body: {} }) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const joining: Browser = { session: loggedOut, cookies: new Map() };
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      expect(await ask(joining, method)).toEqual(refusal);
      expect(await ask(inLine, method)).toEqual(refusal);
    }
    const { rows } = await app.db.query<{ user_id: number }>('SELECT user_id FROM waiting_line WHERE event_id = $1', [eventId]);
    expect(rows).toEqual([{ user_id: session.id }]);
    // Signed out altogether, the page is told the line is there, as before.
    expect(await ask({ session: { ...loggedOut, cookie: '' }, cookies: new Map() }, 'GET')).toEqual({ status: 200, body: { success: true, line: { state: 'out', refreshSeconds: 5 } } });
  }, 30_000);

  it('sends a turn not taken within its window back to the end of the line', async () => {
    const eventId = await createEvent(app.db);
    await setRoom(eventId, { on: true, shoppers: 1 });
    const [late, next] = browsers.slice(0, 2).map(fresh) as [Browser, Browser];
    expect(await line(app, late, eventId)).toMatchObject({ state: 'waiting' });
    expect(await line(app, next, eventId)).toMatchObject({ state: 'waiting' });
    // late's turn comes while its page is closed, and passes unclaimed.
    const { rows } = await app.db.query<{ seq: string }>(
      `UPDATE waiting_line SET admitted_at = now() - interval '3 minutes' WHERE event_id = $1 AND user_id = $2 RETURNING seq`,
      [eventId, late.session.id],
    );
    await app.db.query('UPDATE waiting_rooms SET admitted_through = $2 WHERE event_id = $1', [eventId, rows[0]?.seq]);
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    await pollUntil(app, next, eventId, (l) => l.state === 'admitted');
    expect(await line(app, late, eventId)).toMatchObject({ state: 'waiting', position: 1 });
  }, 30_000);

  it('tells those in line and newcomers that it sold out, admits nobody meanwhile, and lets the first in line in when seats come back', async () => {
    const eventId = await createEvent(app.db);
    // Refunds until a week before; sold on a plan of its own: one section of two seats.
    await app.db.query('UPDATE events SET refund_days_before = 7 WHERE id = $1', [eventId]);
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO sections (label, capacity, level, map_x, map_y, map_width, map_height, event_id, seat_rows) VALUES ('Floor', 2, 'lower', 28, 70, 44, 12, $1, 1) RETURNING id`,
      [eventId],
    );
    const floor = (rows[0] as { id: number }).id;
    await setRoom(eventId, { on: true, shoppers: 1 });
    const [buyer, waiter, newcomer] = browsers.slice(0, 3).map(fresh) as [Browser, Browser, Browser];
    await pollUntil(app, buyer, eventId, (l) => l.state === 'admitted');
    expect(await line(app, waiter, eventId)).toMatchObject({ state: 'waiting' });

    // Every seat held: the line waits on (a hold may lapse).
    const held = await holdWith(app, buyer, eventId, [1, 2], floor);
    expect(held.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect(await line(app, waiter, eventId)).toMatchObject({ state: 'waiting', position: 1 });

    // Every seat paid: sold out, for whoever waits and whoever comes, and nobody joins a line for nothing.
    const orderId = (held.body.order as { orderId: number }).orderId;
    expect(await pay(app, buyer, orderId)).toBe(200);
    expect(await pollUntil(app, waiter, eventId, (l) => l.state === 'soldout')).toEqual({ state: 'soldout', refreshSeconds: 60 });
    expect(await line(app, newcomer, eventId, 'GET')).toEqual({ state: 'soldout', refreshSeconds: 60 });
    expect(await line(app, newcomer, eventId)).toEqual({ state: 'soldout', refreshSeconds: 60 });
    expect(newcomer.cookies.size).toBe(0);
    const places = await app.db.query<{ user_id: number }>('SELECT user_id FROM waiting_line WHERE event_id = $1 AND admitted_at IS NULL', [eventId]);
    expect(places.rows).toEqual([{ user_id: waiter.session.id }]);

    // The order is cancelled and its buyer leaves: the seats come back, and the one who kept waiting is admitted.
    expect((await app.request('POST', `/api/orders/${orderId}/cancel`, { cookie: cookieHeader(buyer), body: {} })).status).toBe(200);
    await line(app, buyer, eventId, 'DELETE');
    await pollUntil(app, waiter, eventId, (l) => l.state === 'admitted');
    expect((await holdWith(app, waiter, eventId, [1], floor)).status).toBe(200);
  }, 30_000);

  it('switches on by itself when the accounts holding seats reach its shoppers', async () => {
    const eventId = await createEvent(app.db);
    expect((await setRoom(eventId, { on: false, shoppers: 2 })).body.waitingRoom).toMatchObject({ on: false, active: false });
    const [a, b, c] = browsers.slice(0, 3).map(fresh) as [Browser, Browser, Browser];
    expect((await holdWith(app, a, eventId, [1])).status).toBe(200);
    expect((await holdWith(app, b, eventId, [2])).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 50));
    expect((await line(app, c, eventId, 'GET')).state).toBe('out');
    expect((await holdWith(app, c, eventId, [3])).status).toBe(403);
    expect((await setRoom(eventId, { on: false })).body.waitingRoom).toMatchObject({ on: false, active: true });
  }, 30_000);

  it('is set by admins for any event and by organizers for their own, with a clear 4xx otherwise and an audit entry', async () => {
    const eventId = await createEvent(app.db);
    const organizer = await createUser(app.db, { role: 'Organizer' });
    const login = await app.request('POST', '/api/login.php', { body: { email: organizer.email, password: TEST_PASSWORD } });
    const organizerCookie = (login.headers.getSetCookie().find((c) => c.startsWith('session=')) as string).split(';')[0] as string;
    const own = async (method: string, id: number, body?: unknown): Promise<number> => (await app.request(method, `/api/organizer/events/${id}/waiting-room`, { cookie: organizerCookie, ...(body === undefined ? {} : { body }) })).status;
    expect(await own('GET', eventId)).toBe(404);
    expect(await own('PUT', eventId, { on: true })).toBe(404);
    await app.db.query('UPDATE events SET organizer_user_id = $2 WHERE id = $1', [eventId, organizer.id]);
    expect(await own('PUT', eventId, { on: true, shoppers: 50 })).toBe(200);
    expect(await own('GET', eventId)).toBe(200);
    for (const body of [{}, { on: 'yes' }, { on: true, shoppers: 0 }, { on: true, shoppers: 1.5 }, { on: true, shoppers: 100_001 }, { on: true, extra: 1 }, [], 'on']) {
      expect(await setRoom(eventId, body)).toEqual({ status: 400, body: { success: false, error: expect.any(String) } });
    }
    expect((await setRoom(2_000_000_000, { on: true })).status).toBe(404);
    expect((await setRoom(eventId, { on: true }, (browsers[0] as Browser).session.cookie)).status).toBe(403);
    const { rows } = await app.db.query('SELECT actor_user_id, data FROM audit_trail WHERE event_id = $1 AND action = $2', [eventId, 'event.waiting_room_set']);
    expect(rows).toEqual([{ actor_user_id: organizer.id, data: { before: { on: false, shoppers: 300 }, after: { on: true, shoppers: 50 } } }]);
  }, 30_000);
});
