// Create Event's prices (PRODUCT §9 "Prices"): one price for all seats or a price per arena section,
// ticket categories besides Regular, every rule checked on the server with the form's messages;
// the category on the Attendee List, its CSV and at the gate.
import type { AttendeesResponse, CheckinResponse, GateSnapshotResponse, OrganizerEventDetailResponse, PricingOptionsResponse } from '@sports/contracts';
import { EVENT_PRICING_MESSAGES, organizerEventDetailResponseSchema } from '@sports/contracts';
import { validAddress } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { buyTicket, moveEvent, ownEvent, png, qrOf, signedIn, upload } from './support/organizer';
import type { Person } from './support/organizer';

const DAY = 86_400_000;

function typed(instant: Date): string {
  const l = new Date(instant.getTime() + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = l.getUTCHours();
  return `${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}-${l.getUTCFullYear()} ${two(h % 12 || 12)}:${two(l.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}

jest.setTimeout(30_000);
describe('organizer pricing', () => {
  let app: BookingApp;
  let owner: Person;
  let other: Person;
  let buyer: Person;
  let address: { city_id: string; barangay_id: string };
  let bannerId: string;
  let sections: Array<{ id: number; label: string }>;
  const start = new Date(Math.floor((Date.now() + 20 * DAY) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);

  beforeAll(async () => {
    app = await startBookingApp();
    [owner, other, buyer] = await Promise.all([signedIn(app, 'Organizer', 'Priscilla'), signedIn(app, 'Organizer', 'Oscar'), signedIn(app, 'Participant', 'Bea')]);
    address = await validAddress(app.db);
    const res = await upload(app, owner.cookie, png(40, 20));
    bannerId = ((await res.json()) as { banner: { id: string } }).banner.id;
    const { rows } = await app.db.query<{ id: number; label: string }>('SELECT id, label FROM sections WHERE event_id IS NULL ORDER BY id');
    sections = rows;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const form = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'City Finals',
    description: 'The final of the city league.',
    category: 'sports',
    bannerId,
    venueName: 'Sports Complex Arena',
    streetName: 'Sampaguita Avenue',
    cityCode: address.city_id,
    barangayCode: address.barangay_id,
    start: typed(start),
    end: typed(end),
    price: 300,
    ...overrides,
  });
  /** A price per section: 500 for the first, 200 + 10 per section after. */
  const perSection = () => sections.map((s, i) => ({ sectionId: s.id, price: i === 0 ? 500 : 200 + 10 * i }));
  const create = (body: unknown, cookie = owner.cookie) => app.request('POST', '/api/organizer/events', { cookie, body });
  const put = (id: number, body: unknown, cookie = owner.cookie) => app.request('PUT', `/api/organizer/events/${id}`, { cookie, body });
  const stored = async (id: number) => ({
    price: (await app.db.query<{ price: string }>('SELECT price FROM events WHERE id = $1', [id])).rows[0]?.price,
    sections: (await app.db.query('SELECT section_id, price::float8 AS price FROM event_section_prices WHERE event_id = $1 ORDER BY section_id', [id])).rows,
    categories: (await app.db.query('SELECT category, discount_percent::float8 AS discount FROM event_ticket_categories WHERE event_id = $1 ORDER BY category', [id])).rows,
  });

  it('offers the arena sections and the law discount to the form', async () => {
    const res = await json<PricingOptionsResponse>(await app.request('GET', '/api/organizer/pricing-options', { cookie: owner.cookie }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, sections, lawDiscountPercent: 20, priceMax: 100000 });
    expect(sections).toHaveLength(13);
  });

  it('stores a price per section and the categories, events.price the lowest, and shows them back', async () => {
    const res = await json<OrganizerEventDetailResponse>(
      await create(
        form({
          sectionPrices: perSection(),
          ticketCategories: [
            { category: 'student', discountPercent: 10 },
            { category: 'senior', discountPercent: 55 },
            { category: 'child', discountPercent: 0 },
          ],
        }),
      ),
    );
    expect(res.status).toBe(201);
    const event = organizerEventDetailResponseSchema.parse(res.body).event;
    expect(event.price).toBe(210);
    expect(event.sectionPrices).toEqual(sections.map((s, i) => ({ sectionId: s.id, label: s.label, price: i === 0 ? 500 : 200 + 10 * i })));
    // Senior Citizen carries the law's percentage, never the organizer's.
    expect(event.ticketCategories).toEqual([
      { category: 'student', discountPercent: 10 },
      { category: 'child', discountPercent: 0 },
      { category: 'senior', discountPercent: null },
    ]);
    const db = await stored(event.id);
    expect(db.price).toBe('210.00');
    expect(db.sections).toHaveLength(13);
    const read = await json<OrganizerEventDetailResponse>(await app.request('GET', `/api/organizer/events/${event.id}`, { cookie: owner.cookie }));
    expect(read.body.event).toEqual(event);

    // Back to one price: the rows go, the price is the one typed; categories absent stay as they were.
    const one = await json<OrganizerEventDetailResponse>(await put(event.id, form({ price: 150 })));
    expect(one.status).toBe(200);
    expect(one.body.event).toMatchObject({ price: 150, sectionPrices: [] });
    expect(one.body.event.ticketCategories).toHaveLength(3);
    expect((await stored(event.id)).sections).toEqual([]);
    // An empty list offers no category besides Regular.
    const none = await json<OrganizerEventDetailResponse>(await put(event.id, form({ price: 150, ticketCategories: [{ category: 'pwd' }] })));
    expect(none.body.event.ticketCategories).toEqual([{ category: 'pwd', discountPercent: null }]);
    expect((await json<OrganizerEventDetailResponse>(await put(event.id, form({ ticketCategories: [] })))).body.event.ticketCategories).toEqual([]);
    // Another organizer reads nothing of it.
    expect((await app.request('GET', `/api/organizer/events/${event.id}`, { cookie: other.cookie })).status).toBe(404);
  });

  it('refuses bad prices and categories with the form’s messages, changing nothing', async () => {
    const id = (await json<OrganizerEventDetailResponse>(await create(form({ ticketCategories: [{ category: 'student', discountPercent: 5 }] })))).body.event.id;
    const before = await stored(id);
    const withPrice = (price: unknown) => perSection().map((p, i) => (i === 3 ? { ...p, price } : p));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sectionPrices: withPrice(-5) }, EVENT_PRICING_MESSAGES.sectionPriceNegative],
      [{ sectionPrices: withPrice(100_000.01) }, EVENT_PRICING_MESSAGES.sectionPriceMax],
      [{ sectionPrices: withPrice(10.255) }, EVENT_PRICING_MESSAGES.sectionPriceDecimals],
      [{ sectionPrices: withPrice('100') }, EVENT_PRICING_MESSAGES.sectionPriceType],
      [{ sectionPrices: [...perSection().slice(1), { sectionId: 999_999, price: 10 }] }, EVENT_PRICING_MESSAGES.sectionUnknown],
      [{ sectionPrices: perSection().slice(1) }, EVENT_PRICING_MESSAGES.sectionMissing],
      [{ sectionPrices: [...perSection(), perSection()[0]] }, EVENT_PRICING_MESSAGES.sectionTwice],
      [{ ticketCategories: [{ category: 'student', discountPercent: 101 }] }, 'Student discount must be a percentage from 0 to 100 (at most two decimals)'],
      [{ ticketCategories: [{ category: 'child', discountPercent: -1 }] }, 'Child discount must be a percentage from 0 to 100 (at most two decimals)'],
      [{ ticketCategories: [{ category: 'child' }] }, 'Child discount must be a percentage from 0 to 100 (at most two decimals)'],
      [{ ticketCategories: [{ category: 'veteran', discountPercent: 5 }] }, EVENT_PRICING_MESSAGES.categoryUnknown],
      [{ ticketCategories: [{ category: 'senior' }, { category: 'senior' }] }, EVENT_PRICING_MESSAGES.categoryTwice],
    ];
    for (const [overrides, error] of cases) {
      expect([overrides, await json(await put(id, form(overrides)))]).toEqual([overrides, { status: 400, body: { success: false, error } }]);
      expect([overrides, await json(await create(form(overrides)))]).toEqual([overrides, { status: 400, body: { success: false, error } }]);
    }
    expect(await stored(id)).toEqual(before);
  });

  it('keeps one price on an event with its own seat plan, and a new plan drops section prices', async () => {
    const id = (await json<OrganizerEventDetailResponse>(await create(form({ sectionPrices: perSection() })))).body.event.id;
    const plan = await app.request('PUT', `/api/organizer/events/${id}/seat-plan`, { cookie: owner.cookie, body: { rows: 5, columns: 8 } });
    expect(plan.status).toBe(200);
    expect(await stored(id)).toEqual({ price: '210.00', sections: [], categories: [] });
    expect(await json(await put(id, form({ sectionPrices: perSection() })))).toEqual({ status: 400, body: { success: false, error: EVENT_PRICING_MESSAGES.seatPlanOnePrice } });
    expect((await stored(id)).sections).toEqual([]);
    expect((await json<OrganizerEventDetailResponse>(await put(id, form({ price: 99 })))).body.event).toMatchObject({ price: 99, sectionPrices: [] });
  });

  it('changes the prices of an Approved event, in the audit trail', async () => {
    const id = await ownEvent(app.db, owner.id, { startsAt: start, endsAt: end, price: 100 });
    await app.db.query('UPDATE events SET banner_id = $2, venue_name = $3, street_name = $4, city_code = $5, barangay_code = $6 WHERE id = $1', [
      id,
      bannerId,
      'Sports Complex Arena',
      'Sampaguita Avenue',
      address.city_id,
      address.barangay_id,
    ]);
    const res = await json<OrganizerEventDetailResponse>(await put(id, form({ sectionPrices: perSection(), ticketCategories: [{ category: 'senior' }, { category: 'pwd' }] })));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ status: 'Approved', price: 210 });
    expect(res.body.event.sectionPrices).toHaveLength(13);
    const { rows } = await app.db.query<{ data: { after: { pricing: unknown } } }>(`SELECT data FROM audit_trail WHERE action = 'event.edited' AND event_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data.after.pricing).toEqual({ sectionPrices: perSection().map((p) => [p.sectionId, p.price]), ticketCategories: [['senior', null], ['pwd', null]] });
  });

  describe('the category of a ticket', () => {
    let eventId: number;
    let qrSenior: string;
    let qrRegular: string;

    beforeAll(async () => {
      eventId = await ownEvent(app.db, owner.id, { title: 'Category gate test' });
      const order = await buyTicket(app, buyer.cookie, eventId, 5, [7, 8]);
      // The buyer side prices categories elsewhere: here the seat's line says Senior Citizen.
      await app.db.query(`UPDATE order_seats SET category = 'senior', id_number = '1234-5678' WHERE order_id = $1 AND seat_number = 7`, [order.orderId]);
      qrSenior = qrOf(order, 0);
      qrRegular = qrOf(order, 1);
    });

    it('is a column of the Attendee List and of its CSV', async () => {
      const list = await json<AttendeesResponse>(await app.request('GET', `/api/organizer/events/${eventId}/attendees`, { cookie: owner.cookie }));
      expect(list.body.attendees.map((a) => [a.seats[0], a.category])).toEqual([
        [7, 'senior'],
        [8, 'regular'],
      ]);
      const csv = (await (await app.request('GET', `/api/organizer/events/${eventId}/attendees.csv`, { cookie: owner.cookie })).text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(csv[0]?.endsWith('"Order Date","Category"')).toBe(true);
      expect(csv[1]?.endsWith('"Senior Citizen"')).toBe(true);
      expect(csv[2]?.endsWith('"Regular"')).toBe(true);
    });

    it('has the gate say Check ID for an admitted Senior Citizen ticket, not for a Regular one; the gate copy carries it', async () => {
      await moveEvent(app.db, eventId, new Date(Date.now() - 3_600_000), new Date(Date.now() + 3 * 3_600_000));
      const snap = await json<GateSnapshotResponse>(await app.request('GET', `/api/organizer/events/${eventId}/gate`, { cookie: owner.cookie }));
      expect(snap.body.tickets.map((t) => [t.seat, t.category])).toEqual([
        [7, 'senior'],
        [8, 'regular'],
      ]);
      const scan = async (qr: string) => json<CheckinResponse>(await app.request('POST', '/api/organizer/checkins', { cookie: owner.cookie, body: { qr } }));
      const senior = await scan(qrSenior);
      expect(senior.body).toMatchObject({ result: 'checked_in', idCheck: 'Check ID: Senior Citizen', attendee: { categories: ['senior'] } });
      const regular = await scan(qrRegular);
      expect(regular.body).toMatchObject({ result: 'checked_in', idCheck: null, attendee: { categories: ['regular'] } });
      // Scanned again: already in, nothing to check.
      expect((await scan(qrSenior)).body).toMatchObject({ result: 'already_checked_in', idCheck: null });
    });
  });
});
