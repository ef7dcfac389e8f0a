// Manage Events in full: an admin reads a request before deciding (venue with its address, seats,
// the organizer and their other events, the visitor preview), the organizer is mailed the decision
// from the mail queue, and the request's history is read from the audit trail in the order it happened.
import { randomBytes } from 'node:crypto';
import type { AdminEventDetail, AdminEventDetailResponse, AdminEventsResponse, AuditResponse } from '@sports/contracts';
import type { Queryable } from '../src/db';
import { logAction } from '../src/audit/log-action';
import { createUser, getWith, login, mailsFor, waitForMail } from './support/accounts';
import type { TestUser } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

// Argon2 logins and a first migration are slow on a busy machine.
jest.setTimeout(30_000);

const DAY = 86_400_000;

interface Address {
  city_code: string;
  barangay_code: string;
  barangay: string;
  city: string;
  province: string;
}

/** One barangay with its city and province, as Create Event picks them. */
async function someAddress(db: Queryable): Promise<Address> {
  const { rows } = await db.query<Address>(
    `SELECT c.code AS city_code, b.code AS barangay_code, b.name AS barangay, c.name AS city, p.name AS province
     FROM barangays b JOIN cities c ON c.code = b.city_code JOIN provinces p ON p.code = c.province_code
     ORDER BY b.code LIMIT 1`,
  );
  if (!rows[0]) throw new Error('no locations loaded');
  return rows[0];
}

interface RequestOptions {
  title?: string;
  startsAt?: Date;
  status?: 'Pending' | 'Approved' | 'Rejected';
  address?: Address;
  plan?: { rows: number; columns: number };
  price?: number;
}

/** An organizer's event request as Create Event and Seat Planning save it (Pending, 40 days ahead unless told). */
async function createRequest(db: Queryable, organizerId: number, options: RequestOptions = {}): Promise<{ id: number; title: string }> {
  const title = options.title ?? `Detail ${randomBytes(5).toString('hex')}`;
  const startsAt = options.startsAt ?? new Date(Date.now() + 40 * DAY);
  const a = options.address;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, price, status, rejection_reason, organizer_user_id,
                         venue_name, street_name, city_code, barangay_code)
     VALUES ('community', $1, 'Zumba for everyone, bring water.', $2, $2::timestamptz + interval '3 hours', $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING id`,
    [
      title,
      startsAt,
      options.price ?? 150,
      options.status ?? 'Pending',
      options.status === 'Rejected' ? 'Not this time.' : null,
      organizerId,
      a ? 'Barangay Covered Court' : null,
      a ? '12 Rizal Street' : null,
      a?.city_code ?? null,
      a?.barangay_code ?? null,
    ],
  );
  const id = (rows[0] as { id: number }).id;
  if (options.plan) {
    await db.query('INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by) VALUES ($1, $2, $3, now(), $4)', [
      id,
      options.plan.rows,
      options.plan.columns,
      organizerId,
    ]);
  }
  return { id, title };
}

describe('GET /api/admin/events/:id and the decision mail', () => {
  let app: TestApp;
  let admin: TestUser;
  let cookie: string;
  let organizer: TestUser;
  let address: Address;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app.db, { role: 'Admin' });
    organizer = await createUser(app.db, { role: 'Organizer', firstName: 'Marisol' });
    cookie = (await login(app, admin.email, admin.password)).cookie;
    address = await someAddress(app.db);
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const detailOf = async (id: number | string): Promise<{ status: number; body: AdminEventDetailResponse & { error?: string } }> => {
    const res = await getWith(app, `/api/admin/events/${id}`, cookie);
    return { status: res.status, body: (await res.json()) as AdminEventDetailResponse & { error?: string } };
  };
  const decide = async (id: number, decision: 'approve' | 'reject', body: unknown = {}): Promise<number> =>
    (await app.post(`/api/admin/events/${id}/${decision}`, body, { Cookie: cookie })).status;
  const detail = async (id: number): Promise<AdminEventDetail> => {
    const { status, body } = await detailOf(id);
    expect(status).toBe(200);
    return body.event;
  };

  it('shows a request in full: text, price, venue with its full address, its own seat plan, the organizer and their other events, and the visitor preview', async () => {
    const earlier = await createRequest(app.db, organizer.id, { title: `Earlier ${randomBytes(3).toString('hex')}`, status: 'Approved', startsAt: new Date(Date.now() + 5 * DAY) });
    const turnedDown = await createRequest(app.db, organizer.id, { title: `Turned down ${randomBytes(3).toString('hex')}`, status: 'Rejected', startsAt: new Date(Date.now() + 2 * DAY) });
    const req = await createRequest(app.db, organizer.id, { address, plan: { rows: 4, columns: 7 }, startsAt: new Date('2031-05-01T10:00:00Z') });

    const event = await detail(req.id);
    expect(event).toMatchObject({
      id: req.id,
      name: req.title,
      type: 'Community',
      genre: 'community',
      status: 'Pending',
      duration: '05-01-2031',
      timeRange: '6:00 PM - 9:00 PM',
      startsAt: '2031-05-01T10:00:00.000Z',
      endsAt: '2031-05-01T13:00:00.000Z',
      description: 'Zumba for everyone, bring water.',
      price: 150,
      isFree: false,
      bannerUrl: null,
      venue: { name: 'Barangay Covered Court', street: '12 Rizal Street', barangay: address.barangay, city: address.city, province: address.province },
      seating: { capacity: 28, plan: { rows: 4, columns: 7 }, sections: [] },
      organizer: { id: organizer.id, email: organizer.email, name: 'Marisol Tester' },
      cancelledAt: null,
    });
    expect(event.organizerEventCount).toBe(2);
    expect(event.organizerEvents).toEqual([
      { id: earlier.id, name: earlier.title, date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), status: 'Approved', cancelled: false },
      { id: turnedDown.id, name: turnedDown.title, date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/), status: 'Rejected', cancelled: false },
    ]);
    // The visitor page's own fields, with the generated poster an admin may see before approval.
    expect(event.preview).toMatchObject({ id: req.id, title: req.title, date: '2031-05-01', time: '6:00 PM', price: 150, isFree: false, description: 'Zumba for everyone, bring water.', img: `/api/admin/events/${req.id}/image.svg` });
    const poster = await getWith(app, event.preview.img, cookie);
    expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(await poster.text()).toContain('<svg');
  });

  it('previews everything the public page will say: prices per section, ticket categories and the refund policy', async () => {
    const req = await createRequest(app.db, organizer.id, { price: 150 });
    await app.db.query('UPDATE events SET refund_days_before = 2 WHERE id = $1', [req.id]);
    await app.db.query('INSERT INTO event_section_prices (event_id, section_id, price) VALUES ($1, 1, 150), ($1, 6, 400)', [req.id]);
    await app.db.query("INSERT INTO event_ticket_categories (event_id, category, discount_percent) VALUES ($1, 'student', 10), ($1, 'senior', NULL)", [req.id]);
    const { event } = (await (await getWith(app, `/api/admin/events/${req.id}`, cookie)).json()) as AdminEventDetailResponse;
    expect(event.preview).toMatchObject({
      refundDaysBefore: 2,
      pricesVary: true,
      sectionPrices: [{ sectionId: 1, price: 150 }, { sectionId: 6, price: 400 }],
      ticketCategories: [{ category: 'student', discountPercent: 10 }, { category: 'senior', discountPercent: 20 }],
    });
  });

  it("shows the venue's sections for a request without its own seat plan, and a banner when one was uploaded", async () => {
    const req = await createRequest(app.db, organizer.id, { price: 0 });
    const bannerId = randomBytes(16).toString('base64url');
    await app.db.query(
      `INSERT INTO banners (id, uploaded_by, content_type, byte_size, width, height, sha256, created_at) VALUES ($1, $2, 'image/png', 10, 4, 3, $3, now())`,
      [bannerId, organizer.id, 'a'.repeat(64)],
    );
    await app.db.query('UPDATE events SET banner_id = $2 WHERE id = $1', [req.id, bannerId]);
    const event = await detail(req.id);
    const { rows } = await app.db.query<{ n: number; seats: number }>('SELECT count(*)::int AS n, sum(capacity)::int AS seats FROM sections WHERE event_id IS NULL');
    expect(event.seating.plan).toBeNull();
    expect([event.seating.sections.length, event.seating.capacity]).toEqual([rows[0]?.n, rows[0]?.seats]);
    expect(event.seating.sections.map((s) => s.label)).toContain('Upper Box D');
    expect(event.venue).toEqual({ name: null, street: null, barangay: null, city: null, province: null });
    expect([event.price, event.isFree, event.preview.isFree]).toEqual([0, true, true]);
    expect([event.bannerUrl, event.preview.img]).toEqual([`/api/banners/${bannerId}`, `/api/banners/${bannerId}`]);
  });

  it('answers 404 for a missing request, 400 for a malformed id, 401 without a session and 403 for non-admins', async () => {
    expect(await detailOf(2_147_483_647)).toEqual({ status: 404, body: { success: false, error: 'Event not found.' } });
    expect((await getWith(app, '/api/admin/events/2147483647/image.svg', cookie)).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5']) expect([id, (await detailOf(id)).status]).toEqual([id, 400]);

    const req = await createRequest(app.db, organizer.id);
    const anonymous = await getWith(app, `/api/admin/events/${req.id}`, null);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { success: false, error: 'Please log in.' }]);
    const participant = await createUser(app.db, { role: 'Participant' });
    for (const user of [organizer, participant]) {
      const userCookie = (await login(app, user.email, user.password)).cookie;
      for (const path of [`/api/admin/events/${req.id}`, `/api/admin/events/${req.id}/image.svg`]) {
        const res = await getWith(app, path, userCookie);
        expect([path, res.status, await res.json()]).toEqual([path, 403, { success: false, error: 'You do not have access to this.' }]);
      }
    }
  });

  it('mails the organizer once when a request is approved: the event and its date', async () => {
    const before = (await mailsFor(app.db, organizer.email))[0]?.id ?? 0;
    const req = await createRequest(app.db, organizer.id, { startsAt: new Date('2031-06-07T10:00:00Z') });
    expect(await decide(req.id, 'approve')).toBe(200);
    const mail = await waitForMail(app.db, organizer.email, { afterId: before });
    expect(mail.subject).toBe(`Approved: ${req.title}`);
    expect(mail.text).toContain('Hello Marisol,');
    expect(mail.text).toContain(`"${req.title}" for Saturday, June 7, 2031 at 6:00 PM has been approved.`);

    // Approving again changes nothing and queues nothing.
    expect(await decide(req.id, 'approve')).toBe(200);
    const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_queue WHERE subject = $1`, [`Approved: ${req.title}`]);
    expect(rows[0]?.n).toBe(1);
  });

  it('mails the organizer the reason when a request is rejected, and how to send it again', async () => {
    const before = (await mailsFor(app.db, organizer.email))[0]?.id ?? 0;
    const req = await createRequest(app.db, organizer.id, { startsAt: new Date('2031-06-08T02:00:00Z') });
    expect(await decide(req.id, 'reject', { reason: 'The court is resurfaced that week.' })).toBe(200);
    const mail = await waitForMail(app.db, organizer.email, { afterId: before });
    expect(mail.subject).toBe(`Not approved: ${req.title}`);
    expect(mail.text).toContain(`"${req.title}" for Sunday, June 8, 2031 at 10:00 AM was not approved.`);
    expect(mail.text).toContain('Reason: The court is resurfaced that week.');
    expect(mail.text).toContain('You can edit the request and send it again from your Event List: http://localhost:3000/organizer/event-list');
    // Queued once, to the organizer.
    const { rows } = await app.db.query<{ to: string }>('SELECT "to" FROM mail_queue WHERE subject = $1', [`Not approved: ${req.title}`]);
    expect(rows).toEqual([{ to: organizer.email }]);
  });

  it('does not queue a mail when a decision is refused', async () => {
    const req = await createRequest(app.db, organizer.id, { startsAt: new Date(Date.now() - DAY) });
    expect(await decide(req.id, 'approve')).toBe(409);
    const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_queue WHERE subject = $1', [`Approved: ${req.title}`]);
    expect(rows[0]?.n).toBe(0);
  });

  it('reads the history in the order it happened: submitted, rejected with its reason, resubmitted (Pending again), approved, edited, rescheduled, cancelled', async () => {
    const req = await createRequest(app.db, organizer.id, { startsAt: new Date(Date.now() + 60 * DAY) });
    expect(await decide(req.id, 'reject', { reason: 'Add the seat plan, please.' })).toBe(200);

    // What the organizer side writes when a Rejected request is edited and sent again.
    await app.db.withTransaction(async (tx) => {
      await tx.query("UPDATE events SET status = 'Pending', rejection_reason = NULL, reviewed_by = NULL, reviewed_at = NULL WHERE id = $1", [req.id]);
      await logAction(tx, { actorId: organizer.id, action: 'event.resubmitted', subject: { eventId: req.id }, data: { before: { status: 'Rejected' }, after: { status: 'Pending' } }, ip: '127.0.0.1' });
    });
    const pending = (await (await getWith(app, `/api/admin/events?status=Pending&search=${encodeURIComponent(req.title)}`, cookie)).json()) as AdminEventsResponse;
    expect(pending.events.map((e) => [e.id, e.status])).toEqual([[req.id, 'Pending']]);

    expect(await decide(req.id, 'approve')).toBe(200);
    await logAction(app.db, { actorId: organizer.id, action: 'event.edited', subject: { eventId: req.id }, data: { before: { price: 150, title: req.title }, after: { price: 200, title: req.title } }, ip: null });
    await logAction(app.db, { actorId: organizer.id, action: 'event.rescheduled', subject: { eventId: req.id }, data: { before: { startsAt: '2031-01-01T10:00:00Z' }, after: { startsAt: '2031-01-08T10:00:00Z' } }, ip: null });
    await logAction(app.db, { actorId: admin.id, action: 'event.cancelled', subject: { eventId: req.id }, data: { reason: 'Typhoon signal no. 3.' }, ip: null });

    const { history } = await detail(req.id);
    expect(history.map((h) => [h.step, h.actor?.id ?? null, h.reason])).toEqual([
      ['submitted', organizer.id, null],
      ['rejected', admin.id, 'Add the seat plan, please.'],
      ['resubmitted', organizer.id, null],
      ['approved', admin.id, null],
      ['edited', organizer.id, null],
      ['rescheduled', organizer.id, null],
      ['cancelled', admin.id, 'Typhoon signal no. 3.'],
    ]);
    expect(history[4]?.changes).toEqual([
      { field: 'price', before: '150', after: '200' },
      { field: 'title', before: req.title, after: req.title },
    ]);
    expect(history[5]?.changes).toEqual([{ field: 'startsAt', before: '2031-01-01T10:00:00Z', after: '2031-01-08T10:00:00Z' }]);
    const times = history.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The history dialog of the list reads the same trail, newest first.
    const audit = (await (await getWith(app, `/api/admin/events/${req.id}/audit`, cookie)).json()) as AuditResponse;
    expect(audit.entries.map((e) => e.action)).toEqual(['event.cancel', 'event.reschedule', 'event.edit', 'event.approve', 'event.resubmit', 'event.reject']);
    expect(audit.entries[0]?.after).toEqual({ reason: 'Typhoon signal no. 3.' });
    expect(audit.entries[2]?.after).toEqual({ price: '200', title: req.title });
  });
});
