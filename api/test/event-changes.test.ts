// Events that change after the admin's decision: an Approved event edited (live at once) or moved
// (sequence raised, every ticket holder mailed the calendar file again), a Rejected request sent
// again, the refund policy, and what may not change: sold seats, a cancelled event, another's event.
import { REFUND_POLICY_ERROR, formatEventDateTime } from '@sports/contracts';
import type { EventResponse, OrganizerEventDetailResponse, OrganizerEventSavedResponse } from '@sports/contracts';
import { mailsFor, validAddress } from './support/accounts';
import type { OutboxRow } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { icsEvents, readIcs, unescapeText } from './support/ics';
import { buyTicket, holdTicket, planSection, png, signedIn, upload } from './support/organizer';
import type { Person } from './support/organizer';
import { giveAndAccept } from './support/transfers';

const DAY = 86_400_000;

/** The newest mail to `to` whose subject starts with `prefix`, once the mail worker has sent it (after the change's commit). */
async function waitForSubject(db: BookingApp['db'], to: string, prefix: string): Promise<OutboxRow> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await mailsFor(db, to)).find((m) => m.subject.startsWith(prefix));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${prefix}…" for ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

jest.setTimeout(60_000);
describe('events that change', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyers: Person[];
  let address: { city_id: string; barangay_id: string };
  let bannerId: string;
  let arenaSection: number;
  const start = new Date(Math.floor((Date.now() + 20 * DAY) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, ...buyers] = await Promise.all([
      signedIn(app, 'Organizer', 'Olivia'),
      signedIn(app, 'Organizer', 'Oscar'),
      signedIn(app, 'Participant', 'Bea'),
      signedIn(app, 'Participant', 'Carl'),
      signedIn(app, 'Participant', 'Dina'),
    ]);
    address = await validAddress(app.db);
    bannerId = ((await (await upload(app, owner.cookie, png(40, 20))).json()) as { banner: { id: string } }).banner.id;
    arenaSection = (await app.db.query<{ id: number }>('SELECT id FROM sections WHERE event_id IS NULL ORDER BY id LIMIT 1')).rows[0]?.id as number;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const form = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'Harbour Fun Run',
    description: 'Five kilometres along the bay.',
    category: 'sports',
    bannerId,
    venueName: 'Bay Oval',
    streetName: 'Roxas Boulevard',
    cityCode: address.city_id,
    barangayCode: address.barangay_id,
    start: formatEventDateTime(start),
    end: formatEventDateTime(end),
    price: 150,
    ...overrides,
  });
  const put = (id: number, body: unknown, cookie = owner.cookie) => app.request('PUT', `/api/organizer/events/${id}`, { cookie, body });
  const resubmit = (id: number, body: unknown, cookie = owner.cookie) => app.request('POST', `/api/organizer/events/${id}/resubmit`, { cookie, body });

  /** A request of the owner through Create Event, then the admin's decision. */
  async function decided(status: 'Approved' | 'Rejected', overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await json<OrganizerEventDetailResponse>(await app.request('POST', '/api/organizer/events', { cookie: owner.cookie, body: form(overrides) }));
    if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    const id = res.body.event.id;
    await app.db.query(
      `UPDATE events SET status = $2, rejection_reason = $3, reviewed_by = (SELECT id FROM users WHERE role_id = (SELECT id FROM roles WHERE name = 'Admin') LIMIT 1), reviewed_at = now() WHERE id = $1`,
      [id, status, status === 'Rejected' ? 'Add the route map to the description.' : null],
    );
    return id;
  }
  const audit = async (id: number, action: string) =>
    (await app.db.query<{ actor_user_id: number; data: Record<string, unknown> }>('SELECT actor_user_id, data FROM audit_trail WHERE event_id = $1 AND action = $2 ORDER BY id', [id, action])).rows;
  const queued = async (id: number) => (await app.db.query<{ dedupe_key: string; to: string }>(`SELECT dedupe_key, "to" FROM mail_queue WHERE dedupe_key LIKE $1 ORDER BY dedupe_key`, [`rescheduled:${id}:%`])).rows;
  const publicEvent = async (id: number) => (await json<EventResponse>(await app.request('GET', `/api/events/${id}`))).body.event;

  it('text and price of an approved event go live at once, audited with before and after; no one is mailed', async () => {
    const id = await decided('Approved');
    await buyTicket(app, buyers[0]!.cookie, id, arenaSection, [1]);
    const res = await json<OrganizerEventSavedResponse>(await put(id, form({ name: 'Harbour Fun Run 2026', description: 'Five kilometres along the bay, then breakfast.', price: 175 })));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ name: 'Harbour Fun Run 2026', price: 175, status: 'Approved', postponedFrom: null, editable: true });
    expect(res.body.holdersMailed).toBe(0);
    expect(await publicEvent(id)).toMatchObject({ title: 'Harbour Fun Run 2026', description: 'Five kilometres along the bay, then breakfast.', price: 175, postponedFrom: null });
    expect(await audit(id, 'event.edited')).toEqual([
      {
        actor_user_id: owner.id,
        data: {
          before: { title: 'Harbour Fun Run', description: 'Five kilometres along the bay.', price: 150 },
          after: { title: 'Harbour Fun Run 2026', description: 'Five kilometres along the bay, then breakfast.', price: 175 },
        },
      },
    ]);
    expect(await audit(id, 'event.rescheduled')).toEqual([]);
    expect(await queued(id)).toEqual([]);
    const { rows } = await app.db.query('SELECT schedule_sequence, postponed_from FROM events WHERE id = $1', [id]);
    expect(rows).toEqual([{ schedule_sequence: 0, postponed_from: null }]);
    // The paid order keeps the total it was sold at.
    expect((await app.db.query(`SELECT total_amount::float8 AS total FROM orders WHERE event_id = $1 AND status = 'paid'`, [id])).rows).toEqual([{ total: 150 }]);
    // Saving the same again changes nothing and writes nothing.
    expect((await put(id, form({ name: 'Harbour Fun Run 2026', description: 'Five kilometres along the bay, then breakfast.', price: 175 }))).status).toBe(200);
    expect(await audit(id, 'event.edited')).toHaveLength(1);
  });

  it('a move raises the sequence, keeps the first start, and queues one mail per paid order with the calendar file moved (same UID, higher SEQUENCE)', async () => {
    const id = await decided('Approved');
    const [first, second] = [await buyTicket(app, buyers[0]!.cookie, id, arenaSection, [1, 2]), await buyTicket(app, buyers[1]!.cookie, id, arenaSection, [3])];
    await holdTicket(app, buyers[2]!.cookie, id, arenaSection, [4]);
    const before = await app.request('GET', `/api/orders/${first.orderId}/calendar.ics`, { cookie: buyers[0]!.cookie });
    const beforeEvent = icsEvents(readIcs(await before.text()))[0]!;
    expect(beforeEvent.get('SEQUENCE')?.[0]?.value).toBe('0');
    const uid = beforeEvent.get('UID')?.[0]?.value;
    expect(uid).toBe(`order-${first.orderId}@tickets.sports-complex`);

    const newStart = new Date(start.getTime() + 7 * DAY + 3_600_000);
    const res = await json<OrganizerEventSavedResponse>(
      await put(id, form({ start: formatEventDateTime(newStart), end: formatEventDateTime(new Date(newStart.getTime() + 3 * 3_600_000)), venueName: 'Bay Oval North Stand' })),
    );
    expect(res.status).toBe(200);
    // The answer says how many were told: one per paid order, not the unpaid hold.
    expect(res.body.holdersMailed).toBe(2);
    expect(res.body.event).toMatchObject({ startsAt: newStart.toISOString(), postponedFrom: start.toISOString(), venueName: 'Bay Oval North Stand' });
    expect((await app.db.query('SELECT schedule_sequence FROM events WHERE id = $1', [id])).rows).toEqual([{ schedule_sequence: 1 }]);
    const [rescheduled] = await audit(id, 'event.rescheduled');
    expect(rescheduled).toMatchObject({
      actor_user_id: owner.id,
      data: { before: { startsAt: start.toISOString(), venueName: 'Bay Oval' }, after: { startsAt: newStart.toISOString(), venueName: 'Bay Oval North Stand' }, sequence: 1, postponedFrom: start.toISOString() },
    });
    // Queued in the change's transaction: one per paid order, none for the unpaid hold.
    expect(await queued(id)).toEqual(
      [
        { dedupe_key: `rescheduled:${id}:1:${first.orderId}`, to: buyers[0]!.email },
        { dedupe_key: `rescheduled:${id}:1:${second.orderId}`, to: buyers[1]!.email },
      ].sort((a, b) => a.dedupe_key.localeCompare(b.dedupe_key)),
    );

    const mail = await waitForSubject(app.db, buyers[0]!.email, 'Moved: ');
    expect(mail.subject).toBe(`Moved: Harbour Fun Run is now on ${newStart.toLocaleString('en-US', { timeZone: 'Asia/Manila', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })}`);
    expect(mail.text).toContain('Your tickets stay valid');
    const { rows } = await app.db.query<{ attachments: { filename: string; content: string }[] }>('SELECT attachments FROM mail_outbox WHERE id = $1', [mail.id]);
    const attachment = rows[0]?.attachments.find((a) => a.filename === `ticket-${first.orderId}.ics`);
    const moved = icsEvents(readIcs(Buffer.from(attachment?.content ?? '', 'base64').toString('utf8')))[0]!;
    expect(moved.get('UID')?.[0]?.value).toBe(uid);
    expect(moved.get('SEQUENCE')?.[0]?.value).toBe('1');
    expect(moved.get('DTSTART')?.[0]?.value).toBe(newStart.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    const location = unescapeText(moved.get('LOCATION')?.[0]?.value ?? '');
    expect(location).toMatch(/^Bay Oval North Stand, Roxas Boulevard, .+, Quezon City$/);
    // The ticket page's download says the same.
    const after = icsEvents(readIcs(await (await app.request('GET', `/api/orders/${first.orderId}/calendar.ics`, { cookie: buyers[0]!.cookie })).text()))[0]!;
    expect([after.get('UID')?.[0]?.value, after.get('SEQUENCE')?.[0]?.value]).toEqual([uid, '1']);
    // Tickets stay valid: the orders are still paid.
    expect((await app.db.query(`SELECT count(*)::int AS n FROM orders WHERE event_id = $1 AND status = 'paid'`, [id])).rows).toEqual([{ n: 2 }]);

    // The visitor's page tells the move and the whole address.
    expect(await publicEvent(id)).toMatchObject({
      startsAt: newStart.toISOString(),
      postponedFrom: start.toISOString(),
      venue: { name: 'Bay Oval North Stand', street: 'Roxas Boulevard', city: 'Quezon City' },
      cancelled: null,
    });

    // Moved back to the first date: no longer postponed, and the calendars move again.
    expect((await put(id, form({ venueName: 'Bay Oval North Stand' }))).status).toBe(200);
    expect((await app.db.query('SELECT schedule_sequence, postponed_from FROM events WHERE id = $1', [id])).rows).toEqual([{ schedule_sequence: 2, postponed_from: null }]);
    expect((await queued(id)).filter((m) => m.dedupe_key.startsWith(`rescheduled:${id}:2:`))).toHaveLength(2);
  });

  it('a move also tells whoever holds a ticket given to them', async () => {
    const id = await decided('Approved');
    const order = await buyTicket(app, buyers[0]!.cookie, id, arenaSection, [20, 21]);
    await giveAndAccept(app, order.tickets?.[1]?.ticketId as string, buyers[0]!.cookie, buyers[1]!);
    const newStart = new Date(start.getTime() + 2 * DAY);
    expect((await put(id, form({ start: formatEventDateTime(newStart), end: formatEventDateTime(new Date(newStart.getTime() + 3 * 3_600_000)) }))).status).toBe(200);
    expect(await queued(id)).toEqual([
      { dedupe_key: `rescheduled:${id}:1:${order.orderId}`, to: buyers[0]!.email },
      { dedupe_key: `rescheduled:${id}:1:holder:${buyers[1]!.id}`, to: buyers[1]!.email },
    ]);
    // The holder's own mail (they may have orders of their own that were mailed too).
    const holderText = 'for which you were given a ticket, has moved. Your ticket stays valid';
    const deadline = Date.now() + 10_000;
    while (!(await mailsFor(app.db, buyers[1]!.email)).some((m) => m.text.includes(holderText))) {
      if (Date.now() > deadline) throw new Error('no mail to the holder of the given ticket');
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('refuses a smaller seat plan that would take away sold seats, naming them as the grid does', async () => {
    const id = await decided('Approved');
    expect((await app.request('PUT', `/api/organizer/events/${id}/seat-plan`, { cookie: owner.cookie, body: { rows: 3, columns: 5 } })).status).toBe(200);
    await buyTicket(app, buyers[1]!.cookie, id, await planSection(app, id), [14, 15]);
    expect(await json(await app.request('PUT', `/api/organizer/events/${id}/seat-plan`, { cookie: owner.cookie, body: { rows: 2, columns: 5 } }))).toEqual({
      status: 409,
      body: { success: false, error: 'This plan would drop seats that are already held or sold: C14, C15. Keep at least 15 seats.' },
    });
    expect((await app.db.query('SELECT seat_rows, seat_columns FROM event_seat_plans WHERE event_id = $1', [id])).rows).toEqual([{ seat_rows: 3, seat_columns: 5 }]);
  });

  it('a rejected request is edited and sent again: Pending, reason cleared, the reason kept in the trail', async () => {
    const id = await decided('Rejected');
    expect(await json(await put(id, form()))).toEqual({
      status: 409,
      body: { success: false, error: 'This request was rejected: change what the admin asked and send it again with Resubmit.' },
    });
    expect(await json(await resubmit(id, form(), other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    const res = await json<OrganizerEventDetailResponse>(await resubmit(id, form({ description: 'Five kilometres along the bay. Route map: pier, lighthouse, back.' })));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ status: 'Pending', rejectionReason: null, description: 'Five kilometres along the bay. Route map: pier, lighthouse, back.', editable: true });
    expect((await app.db.query('SELECT status, rejection_reason, reviewed_by FROM events WHERE id = $1', [id])).rows).toEqual([{ status: 'Pending', rejection_reason: null, reviewed_by: null }]);
    expect(await audit(id, 'event.resubmitted')).toEqual([{ actor_user_id: owner.id, data: { previousReason: 'Add the route map to the description.' } }]);
    expect(await json(await resubmit(id, form()))).toEqual({ status: 409, body: { success: false, error: 'Only a Rejected request can be resubmitted.' } });
  });

  it('the refund policy: none by default, 0 to 365 days, bad values refused with a clear message and nothing changed', async () => {
    const created = await json<OrganizerEventDetailResponse>(await app.request('POST', '/api/organizer/events', { cookie: owner.cookie, body: form({ name: 'Policy default' }) }));
    expect(created.body.event.refundDaysBefore).toBeNull();
    for (const bad of [-1, 366, 2.5, '7', true]) {
      expect(await json(await app.request('POST', '/api/organizer/events', { cookie: owner.cookie, body: form({ name: 'Policy bad', refundDaysBefore: bad }) }))).toEqual({
        status: 400,
        body: { success: false, error: REFUND_POLICY_ERROR },
      });
    }
    expect((await app.db.query(`SELECT count(*)::int AS n FROM events WHERE title = 'Policy bad'`)).rows).toEqual([{ n: 0 }]);

    const id = await decided('Approved', { name: 'Policy seven', refundDaysBefore: 7 });
    expect((await publicEvent(id)).refundDaysBefore).toBe(7);
    expect(await json(await put(id, form({ name: 'Policy seven', refundDaysBefore: 400 })))).toEqual({ status: 400, body: { success: false, error: REFUND_POLICY_ERROR } });
    // Absent on an edit: the policy stays.
    expect((await json<OrganizerEventDetailResponse>(await put(id, form({ name: 'Policy seven' })))).body.event.refundDaysBefore).toBe(7);
    await buyTicket(app, buyers[2]!.cookie, id, arenaSection, [9]);
    // Once sold, more generous is fine; stricter is refused.
    expect((await json<OrganizerEventDetailResponse>(await put(id, form({ name: 'Policy seven', refundDaysBefore: 2 })))).body.event.refundDaysBefore).toBe(2);
    for (const stricter of [null, 3]) {
      expect(await json(await put(id, form({ name: 'Policy seven', refundDaysBefore: stricter })))).toEqual({
        status: 409,
        body: { success: false, error: 'Tickets are already sold under this refund policy: it may become more generous (more time to ask for a refund), never stricter.' },
      });
    }
    expect((await app.db.query('SELECT refund_days_before FROM events WHERE id = $1', [id])).rows).toEqual([{ refund_days_before: 2 }]);
    expect((await audit(id, 'event.edited')).map((r) => r.data)).toEqual([{ before: { refundDaysBefore: 7 }, after: { refundDaysBefore: 2 } }]);
  });

  it("another organizer's event is not found; a cancelled or started event cannot change but stays at its page", async () => {
    const id = await decided('Approved');
    expect(await json(await put(id, form({ name: 'Hijacked' }), other.cookie))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect(await json(await app.request('GET', `/api/organizer/events/${id}`, { cookie: other.cookie }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });

    await app.db.query(`UPDATE events SET cancelled_at = now(), cancelled_by = $2, cancel_reason = 'Typhoon signal no. 3' WHERE id = $1`, [id, owner.id]);
    expect(await json(await put(id, form({ name: 'Too late' })))).toEqual({ status: 409, body: { success: false, error: 'This event has been cancelled: it can no longer be changed.' } });
    expect((await json<OrganizerEventDetailResponse>(await app.request('GET', `/api/organizer/events/${id}`, { cookie: owner.cookie }))).body.event).toMatchObject({
      editable: false,
      plannable: false,
      cancelled: { reason: 'Typhoon signal no. 3' },
    });
    expect(await publicEvent(id)).toMatchObject({ title: 'Harbour Fun Run', cancelled: { reason: 'Typhoon signal no. 3' } });
    const listed = (await json<{ events: { id: number }[] }>(await app.request('GET', '/api/events?genre=sports'))).body.events.map((e) => e.id);
    expect(listed).not.toContain(id);

    const started = await decided('Approved');
    await app.db.query(`UPDATE events SET starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' WHERE id = $1`, [started]);
    expect(await json(await put(started, form({ name: 'Too late' })))).toEqual({ status: 409, body: { success: false, error: 'This event has already started: it can no longer be changed.' } });
  });
});
