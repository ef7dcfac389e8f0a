// Manage Events (PRODUCT §6): the request list, approve and reject with what visitors see before and
// after, decisions that are harmless twice and refused across, and their audit rows.
import { randomBytes } from 'node:crypto';
import type { AdminEventsResponse, AuditResponse, EventDecisionResponse, EventsResponse } from '@sports/contracts';
import type { Queryable } from '../src/db';
import { createUser, getWith, login } from './support/accounts';
import type { TestUser } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

const DAY = 86_400_000;

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = { success: boolean; error?: string }>(app: TestApp, method: string, path: string, cookie: string | null, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.get(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as T };
}

/** An organizer's event request, Pending unless told, starting in 40 days unless told. */
async function createRequest(db: Queryable, organizerId: number, options: { title?: string; startsAt?: Date; genre?: string } = {}): Promise<{ id: number; title: string }> {
  const title = options.title ?? `Request ${randomBytes(5).toString('hex')}`;
  const startsAt = options.startsAt ?? new Date(Date.now() + 40 * DAY);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, price, organizer, organizer_user_id)
     VALUES ($1, $2, 'An event request of the admin tests.', $3, $3::timestamptz + interval '3 hours', 100, 'Test Org', $4) RETURNING id`,
    [options.genre ?? 'sports', title, startsAt, organizerId],
  );
  return { id: (rows[0] as { id: number }).id, title };
}

describe('admin event requests', () => {
  let app: TestApp;
  let admin: TestUser;
  let cookie: string;
  let organizer: TestUser;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app.db, { role: 'Admin' });
    organizer = await createUser(app.db, { role: 'Organizer' });
    cookie = (await login(app, admin.email, admin.password)).cookie;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const approve = (id: number | string): Promise<Answer<EventDecisionResponse & { error?: string }>> => call(app, 'POST', `/api/admin/events/${id}/approve`, cookie, {});
  const reject = (id: number | string, body: unknown): Promise<Answer<EventDecisionResponse & { error?: string }>> => call(app, 'POST', `/api/admin/events/${id}/reject`, cookie, body);
  const visitorIds = async (genre: string): Promise<number[]> => ((await (await app.get(`/api/events?genre=${genre}`)).json()) as EventsResponse).events.map((e) => e.id);
  const auditOf = async (id: number): Promise<AuditResponse> => (await call<AuditResponse>(app, 'GET', `/api/admin/events/${id}/audit`, cookie)).body;

  it('approves a request: it reaches visitors under its genre at once, and approving again is harmless', async () => {
    const req = await createRequest(app.db, organizer.id, { genre: 'concert' });
    expect(await visitorIds('concert')).not.toContain(req.id);
    expect((await app.get(`/api/events/${req.id}`)).status).toBe(404);

    const first = await approve(req.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      changed: true,
      event: { id: req.id, name: req.title, status: 'Approved', type: 'Concert', rejectionReason: null, organizer: { id: organizer.id, email: organizer.email }, reviewedBy: { id: admin.id } },
    });
    expect(await visitorIds('concert')).toContain(req.id);
    expect(await visitorIds('sports')).not.toContain(req.id);
    expect((await app.get(`/api/events/${req.id}`)).status).toBe(200);

    const again = await approve(req.id);
    expect([again.status, again.body.changed, again.body.event.status, again.body.event.reviewedAt]).toEqual([200, false, 'Approved', first.body.event.reviewedAt]);
    const audit = await auditOf(req.id);
    expect(audit.total).toBe(1);
    expect(audit.entries[0]).toMatchObject({ action: 'event.approve', actor: { id: admin.id }, before: { status: 'Pending' }, after: { status: 'Approved' } });

    expect(await reject(req.id, { reason: 'Changed my mind' })).toEqual({ status: 409, body: { success: false, error: 'This event request was already approved: it cannot be rejected now.' } });
    expect(await visitorIds('concert')).toContain(req.id);
  });

  it('rejects with a reason the organizer sees; the event never reaches visitors', async () => {
    const req = await createRequest(app.db, organizer.id);
    for (const [body, error] of [
      [{}, 'A reason is required to reject an event'],
      [{ reason: '   ' }, 'A reason is required to reject an event'],
      [{ reason: 42 }, 'Reason must be text'],
      [{ reason: 'x'.repeat(501) }, 'Reason is too long (at most 500 characters)'],
      [{ reason: 'ok', status: 'Approved' }, 'Unexpected field: status'],
    ] as const) {
      expect(await reject(req.id, body)).toEqual({ status: 400, body: { success: false, error } });
    }
    const rejected = await reject(req.id, { reason: '  The arena is booked that weekend.  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.event).toMatchObject({ status: 'Rejected', rejectionReason: 'The arena is booked that weekend.' });
    const { rows } = await app.db.query<{ status: string; rejection_reason: string; reviewed_by: number }>('SELECT status, rejection_reason, reviewed_by FROM events WHERE id = $1', [req.id]);
    expect(rows[0]).toEqual({ status: 'Rejected', rejection_reason: 'The arena is booked that weekend.', reviewed_by: admin.id });
    expect(await visitorIds('sports')).not.toContain(req.id);
    expect((await app.get(`/api/events/${req.id}`)).status).toBe(404);

    const twice = await reject(req.id, { reason: 'Another reason' });
    expect([twice.status, twice.body.changed, twice.body.event.rejectionReason]).toEqual([200, false, 'The arena is booked that weekend.']);
    expect(await approve(req.id)).toEqual({ status: 409, body: { success: false, error: 'This event request was already rejected: it cannot be approved now.' } });
    const audit = await auditOf(req.id);
    expect(audit.entries.map((e) => [e.action, e.after])).toEqual([['event.reject', { status: 'Rejected', reason: 'The arena is booked that weekend.' }]]);
  });

  it('does not approve an event that has already started (409), but may reject it', async () => {
    const req = await createRequest(app.db, organizer.id, { startsAt: new Date(Date.now() - DAY) });
    expect(await approve(req.id)).toEqual({ status: 409, body: { success: false, error: 'This event has already started: it can no longer be approved.' } });
    expect((await reject(req.id, { reason: 'Too late.' })).body.changed).toBe(true);
  });

  it('decides once when approve and reject race: the other is refused and one audit row is written', async () => {
    for (let round = 0; round < 3; round += 1) {
      const req = await createRequest(app.db, organizer.id);
      const results = await Promise.all([approve(req.id), reject(req.id, { reason: 'Race' })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await auditOf(req.id)).total).toBe(1);
    }
  });

  it('answers an unknown event with 404 and a malformed id with 400', async () => {
    expect(await approve(2_147_483_647)).toEqual({ status: 404, body: { success: false, error: 'Event not found.' } });
    expect((await reject(2_147_483_647, { reason: 'No' })).status).toBe(404);
    expect((await call(app, 'GET', '/api/admin/events/2147483647/audit', cookie)).status).toBe(404);
    for (const id of ['abc', '0', '1.5', '1e3', '2147483648']) {
      expect([id, (await approve(id)).status]).toEqual([id, 400]);
    }
  });

  describe('GET /api/admin/events', () => {
    const list = async (query: string): Promise<AdminEventsResponse> => {
      const res = await getWith(app, `/api/admin/events?${query}`, cookie);
      expect([query, res.status]).toEqual([query, 200]);
      return (await res.json()) as AdminEventsResponse;
    };

    it('searches by name and filters by status on the server, paged with totals', async () => {
      const tag = `Tagged ${randomBytes(4).toString('hex')}`;
      const made = [];
      for (let i = 0; i < 12; i += 1) made.push(await createRequest(app.db, organizer.id, { title: `${tag} ${String(i).padStart(2, '0')}`, startsAt: new Date(Date.UTC(2031, 4, 1 + i, 10)) }));
      for (const r of made.slice(0, 2)) await approve(r.id);
      const first = await list(`search=${encodeURIComponent(tag)}`);
      expect([first.page, first.pageSize, first.totalPages, first.total, first.events.length]).toEqual([1, 10, 2, 12, 10]);
      // Pending first, then the newest request.
      expect(first.events.slice(0, 10).every((e) => e.status === 'Pending')).toBe(true);
      const last = await list(`search=${encodeURIComponent(tag)}&page=2`);
      expect(last.events.map((e) => e.status)).toEqual(['Approved', 'Approved']);
      expect((await list(`search=${encodeURIComponent(tag)}&page=3`)).events).toEqual([]);
      const approved = await list(`search=${encodeURIComponent(tag)}&status=Approved`);
      expect(approved.events.map((e) => e.id).sort()).toEqual(made.slice(0, 2).map((r) => r.id).sort());
      const byOrganizer = await list(`search=${encodeURIComponent(organizer.email)}&status=Pending`);
      expect(byOrganizer.total).toBeGreaterThanOrEqual(10);
      const none = await list(`search=${encodeURIComponent(`${tag} none`)}`);
      expect([none.events, none.total, none.totalPages]).toEqual([[], 0, 1]);
      const counts = first.statusCounts;
      const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
      expect(counts.Pending + counts.Approved + counts.Rejected).toBeLessThanOrEqual(rows[0]?.n ?? 0);
    });

    it('reads duration and time range in Asia/Manila', async () => {
      const tag = `Timed ${randomBytes(4).toString('hex')}`;
      const req = await createRequest(app.db, organizer.id, { title: tag, startsAt: new Date('2031-05-01T10:00:00Z') });
      const [row] = (await list(`search=${encodeURIComponent(tag)}`)).events;
      expect(row).toMatchObject({ duration: '05-01-2031', timeRange: '6:00 PM - 9:00 PM', type: 'Sports', organizerName: 'Test Org', submitted: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/) });
      await app.db.query("UPDATE events SET ends_at = '2031-05-02T02:00:00Z' WHERE id = $1", [req.id]);
      expect((await list(`search=${encodeURIComponent(tag)}`)).events[0]).toMatchObject({ duration: '05-01-2031 - 05-02-2031', timeRange: '6:00 PM - 10:00 AM' });
    });

    it('refuses a bad status or page with a 400', async () => {
      expect((await call(app, 'GET', '/api/admin/events?status=Denied', cookie)).body).toEqual({ success: false, error: 'status: status must be one of: Pending, Approved, Rejected' });
      expect((await call(app, 'GET', '/api/admin/events?page=-2', cookie)).status).toBe(400);
      expect((await call(app, 'GET', `/api/admin/events?search=${'y'.repeat(101)}`, cookie)).status).toBe(400);
      expect((await call(app, 'GET', '/api/admin/events?search=%00', cookie)).status).toBe(400);
    });
  });
});
