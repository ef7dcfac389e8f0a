// Promo codes of an event (PRODUCT §9 "Prices"): its organizer lists, makes and ends them (admins
// read them), every rule checked with the form's messages; uses are live orders carrying the code.
import type { PromoCodeResponse, PromoCodesResponse } from '@sports/contracts';
import { PROMO_CODE_FORM_MESSAGES, promoCodesResponseSchema } from '@sports/contracts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, holdTicket, ownEvent, signedIn, signedInAs } from './support/organizer';
import type { Person } from './support/organizer';

function typed(instant: Date): string {
  const l = new Date(instant.getTime() + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = l.getUTCHours();
  return `${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}-${l.getUTCFullYear()} ${two(h % 12 || 12)}:${two(l.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}
const DAY = 86_400_000;

jest.setTimeout(30_000);
describe('promo codes', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyer: Person;
  let admin: string;
  let eventId: number;
  let arena: Array<{ id: number; label: string }>;

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Pia'), signedIn(app, 'Organizer', 'Oscar'), signedIn(app, 'Participant', 'Bea')]);
    admin = await signedInAs(app, 'admin@demo.local');
    eventId = await ownEvent(app.db, owner.id, { title: 'Promo test event' });
    arena = (await app.db.query<{ id: number; label: string }>('SELECT id, label FROM sections WHERE event_id IS NULL ORDER BY id')).rows;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const path = (id = eventId) => `/api/organizer/events/${id}/promo-codes`;
  const create = (body: Record<string, unknown>, cookie = owner.cookie, id = eventId) => app.request('POST', path(id), { cookie, body });
  const list = (cookie = owner.cookie, id = eventId) => app.request('GET', path(id), { cookie });
  const count = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM promo_codes WHERE event_id = $1', [eventId])).rows[0]?.n;

  it('makes a code, upper case, with its limits and window, and lists it Active or Scheduled', async () => {
    const from = new Date(Math.floor((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const until = new Date(from.getTime() + 5 * DAY);
    const made = await json<PromoCodeResponse>(
      await create({ code: ' early-bird ', kind: 'percent', value: 15, sectionIds: [arena[0]?.id], categories: ['regular', 'student'], maxUses: 50, perAccount: 2, validFrom: typed(from), validUntil: typed(until) }),
    );
    expect(made.status).toBe(201);
    expect(made.body.promoCode).toMatchObject({
      code: 'EARLY-BIRD',
      kind: 'percent',
      value: 15,
      sections: [arena[0]],
      categories: ['regular', 'student'],
      maxUses: 50,
      perAccount: 2,
      validFrom: from.toISOString(),
      validUntil: until.toISOString(),
      uses: 0,
      status: 'Scheduled',
    });
    const plain = await json<PromoCodeResponse>(await create({ code: 'LESS50', kind: 'amount', value: 50 }));
    expect(plain.body.promoCode).toMatchObject({ code: 'LESS50', sections: null, categories: null, maxUses: null, perAccount: null, validFrom: null, validUntil: null, status: 'Active' });
    const listed = await json<PromoCodesResponse>(await list());
    expect(promoCodesResponseSchema.parse(listed.body).promoCodes.map((c) => c.code)).toEqual(['LESS50', 'EARLY-BIRD']);
    expect(listed.body.sections).toEqual(arena);
    expect(listed.body.event).toEqual({ id: eventId, name: 'Promo test event' });
    // The same code again (any case) is refused.
    expect(await json(await create({ code: 'less50', kind: 'percent', value: 5 }))).toEqual({ status: 409, body: { success: false, error: PROMO_CODE_FORM_MESSAGES.duplicate } });
  });

  it('refuses bad input with the exact message, storing nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: 'PCT', kind: 'percent', value: 100.5 }, PROMO_CODE_FORM_MESSAGES.percent],
      [{ code: 'PCT', kind: 'percent', value: 0 }, PROMO_CODE_FORM_MESSAGES.percent],
      [{ code: 'AMT', kind: 'amount', value: 100_000.01 }, PROMO_CODE_FORM_MESSAGES.amount],
      [{ code: 'AMT', kind: 'amount', value: 10.001 }, PROMO_CODE_FORM_MESSAGES.amount],
      [{ code: 'AB', kind: 'amount', value: 10 }, PROMO_CODE_FORM_MESSAGES.code],
      [{ code: '-ABC', kind: 'amount', value: 10 }, PROMO_CODE_FORM_MESSAGES.code],
      [{ code: 'SPACE IN', kind: 'amount', value: 10 }, PROMO_CODE_FORM_MESSAGES.code],
      [{ code: 'KINDLESS', kind: 'free', value: 10 }, PROMO_CODE_FORM_MESSAGES.kind],
      [{ code: 'WINDOW', kind: 'amount', value: 10, validFrom: '12-20-2030 06:00 pm', validUntil: '12-20-2030 06:00 pm' }, PROMO_CODE_FORM_MESSAGES.untilBeforeFrom],
      [{ code: 'WINDOW', kind: 'amount', value: 10, validFrom: '12-20-2030 06:00 pm', validUntil: '12-19-2030 06:00 pm' }, PROMO_CODE_FORM_MESSAGES.untilBeforeFrom],
      [{ code: 'WINDOW', kind: 'amount', value: 10, validUntil: '2030-12-19' }, 'Valid until must look like 02-15-2024 06:00 am'],
      [{ code: 'SECTION', kind: 'amount', value: 10, sectionIds: [999_999] }, PROMO_CODE_FORM_MESSAGES.sectionUnknown],
      [{ code: 'SECTION', kind: 'amount', value: 10, sectionIds: [] }, PROMO_CODE_FORM_MESSAGES.sectionUnknown],
      [{ code: 'CATEGORY', kind: 'amount', value: 10, categories: ['veteran'] }, PROMO_CODE_FORM_MESSAGES.categoryUnknown],
      [{ code: 'LIMIT', kind: 'amount', value: 10, maxUses: 0 }, PROMO_CODE_FORM_MESSAGES.maxUses],
      [{ code: 'LIMIT', kind: 'amount', value: 10, perAccount: 1.5 }, PROMO_CODE_FORM_MESSAGES.perAccount],
    ];
    for (const [body, error] of cases) {
      expect([body, await json(await create(body))]).toEqual([body, { status: 400, body: { success: false, error } }]);
    }
    // A section of another event's own seat plan is not one of this event's.
    const planned = await ownEvent(app.db, owner.id);
    await app.request('PUT', `/api/organizer/events/${planned}/seat-plan`, { cookie: owner.cookie, body: { rows: 4, columns: 4 } });
    const planSections = (await json<PromoCodesResponse>(await list(owner.cookie, planned))).body.sections;
    expect(planSections).toHaveLength(1);
    expect(await json(await create({ code: 'OTHERPLAN', kind: 'amount', value: 10, sectionIds: [planSections[0]?.id] }))).toEqual({
      status: 400,
      body: { success: false, error: PROMO_CODE_FORM_MESSAGES.sectionUnknown },
    });
    expect(await count()).toBe(before);
  });

  it('is the event’s organizer’s own: others get 404, admins read only', async () => {
    const foreign = await ownEvent(app.db, other.id);
    expect(await json(await list(owner.cookie, foreign))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    expect(await json(await create({ code: 'MINE', kind: 'amount', value: 5 }, owner.cookie, foreign))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    const code = (await json<PromoCodesResponse>(await list())).body.promoCodes[0];
    expect(await json(await app.request('POST', `${path()}/${code?.id}/end`, { cookie: other.cookie, body: {} }))).toEqual({ status: 404, body: { success: false, error: 'Event not found' } });
    const read = await json<PromoCodesResponse>(await app.request('GET', `/api/admin/events/${eventId}/promo-codes`, { cookie: admin }));
    expect(read.status).toBe(200);
    expect(read.body.promoCodes.length).toBeGreaterThan(0);
    expect((await app.request('POST', `/api/admin/events/${eventId}/promo-codes`, { cookie: admin, body: { code: 'ADMIN', kind: 'amount', value: 5 } })).status).toBe(404);
    expect((await list(admin)).status).toBe(403);
    expect((await app.request('GET', `/api/admin/events/${eventId}/promo-codes`, { cookie: owner.cookie })).status).toBe(403);
  });

  it('counts live orders as uses: paid and running holds, not run out ones; Used up at the limit', async () => {
    const made = (await json<PromoCodeResponse>(await create({ code: 'TWOONLY', kind: 'amount', value: 20, maxUses: 2 }))).body.promoCode;
    const paid = await buyTicket(app, buyer.cookie, eventId, 5, [30]);
    const held = await holdTicket(app, buyer.cookie, eventId, 5, [31]);
    const expired = await holdTicket(app, buyer.cookie, eventId, 5, [32]);
    await app.db.query('UPDATE orders SET promo_code_id = $1 WHERE id = ANY ($2::int[])', [made.id, [paid.orderId, held, expired]]);
    // Run out: its hold ended a minute ago (created and expiring before the app's clock).
    await app.db.query(`UPDATE orders SET created_at = $2::timestamptz - interval '2 minutes', expires_at = $2::timestamptz - interval '1 minute' WHERE id = $1`, [expired, app.clock.now()]);
    const usesOf = async () => (await json<PromoCodesResponse>(await list())).body.promoCodes.find((c) => c.id === made.id);
    expect(await usesOf()).toMatchObject({ uses: 2, status: 'Used up' });
    await app.db.query(`UPDATE orders SET created_at = $2::timestamptz - interval '2 minutes', expires_at = $2::timestamptz - interval '1 minute' WHERE id = $1`, [held, app.clock.now()]);
    expect(await usesOf()).toMatchObject({ uses: 1, status: 'Active' });
  });

  it('ends a code now, keeping it and its orders; a second end is refused', async () => {
    const made = (await json<PromoCodeResponse>(await create({ code: 'ENDME', kind: 'percent', value: 10 }))).body.promoCode;
    const scheduled = (await json<PromoCodeResponse>(await create({ code: 'LATER', kind: 'percent', value: 10, validFrom: typed(new Date(Date.now() + 3 * DAY)) }))).body.promoCode;
    const ended = await json<PromoCodeResponse>(await app.request('POST', `${path()}/${made.id}/end`, { cookie: owner.cookie, body: {} }));
    expect(ended.status).toBe(200);
    expect(ended.body.promoCode).toMatchObject({ id: made.id, code: 'ENDME', status: 'Ended' });
    expect(Date.parse(ended.body.promoCode.validUntil ?? '')).toBeLessThanOrEqual(Date.now());
    expect((await json<PromoCodeResponse>(await app.request('POST', `${path()}/${scheduled.id}/end`, { cookie: owner.cookie, body: {} }))).body.promoCode.status).toBe('Ended');
    expect(await json(await app.request('POST', `${path()}/${made.id}/end`, { cookie: owner.cookie, body: {} }))).toEqual({ status: 409, body: { success: false, error: PROMO_CODE_FORM_MESSAGES.alreadyEnded } });
    expect(await json(await app.request('POST', `${path()}/999999/end`, { cookie: owner.cookie, body: {} }))).toEqual({ status: 404, body: { success: false, error: PROMO_CODE_FORM_MESSAGES.notFound } });
    const { rows } = await app.db.query('SELECT code FROM promo_codes WHERE id = $1', [made.id]);
    expect(rows).toEqual([{ code: 'ENDME' }]);
  });

  it('records making and ending a code in the audit trail, by whom and for which event; a refusal records nothing', async () => {
    const made = (await json<PromoCodeResponse>(await create({ code: 'TRAILED', kind: 'amount', value: 75, maxUses: 20 }))).body.promoCode;
    await create({ code: 'trailed', kind: 'percent', value: 5 });
    await app.request('POST', `${path()}/${made.id}/end`, { cookie: owner.cookie, body: {} });
    await app.request('POST', `${path()}/${made.id}/end`, { cookie: owner.cookie, body: {} });
    const { rows } = await app.db.query<{ action: string; actor: number; event: number; data: Record<string, unknown> }>(
      `SELECT action, actor_user_id AS actor, event_id AS event, data FROM audit_trail WHERE action LIKE 'promo_code.%' AND data ->> 'code' = 'TRAILED' ORDER BY id`,
    );
    expect(rows).toEqual([
      { action: 'promo_code.created', actor: owner.id, event: eventId, data: expect.objectContaining({ promoCodeId: made.id, code: 'TRAILED', kind: 'amount', value: 75, maxUses: 20 }) },
      { action: 'promo_code.ended', actor: owner.id, event: eventId, data: { promoCodeId: made.id, code: 'TRAILED' } },
    ]);
  });
});
