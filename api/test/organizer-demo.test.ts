// What the demo organizer sees on a fresh install (PRODUCT §1): SPEC's sample indicators
// ("event list 1 of 1", "attendees 1 of 5", "reviews 1 of 10 with 243 total") computed from data.
import type { AttendeesResponse, DashboardResponse, EventOptionsResponse, OrganizerEventDetailResponse, OrganizerEventsResponse, OrganizerReviewsResponse } from '@sports/contracts';
import { DEMO_ORGANIZER_EVENT_IDS } from '../src/demo/users';
import { getWith, login } from './support/accounts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

describe('the demo organizer’s screens', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp();
    cookie = (await login(app, 'organizer@demo.local', 'demo-pass-2025')).cookie;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });
  const get = async <T>(path: string): Promise<T> => (await (await getWith(app, path, cookie)).json()) as T;

  it('Event List: 1 of 1, with a Pending request and a Rejected one with its reason', async () => {
    const body = await get<OrganizerEventsResponse>('/api/organizer/events');
    expect(body).toMatchObject({ page: 1, totalPages: 1, total: 10 });
    expect(body.events.filter((e) => e.status === 'Pending')).toHaveLength(1);
    const rejected = body.events.filter((e) => e.status === 'Rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.rejectionReason).toEqual(expect.any(String));
  });

  it('every event the organizer seed made has a stored banner, served as an image, so editing the Pending request starts valid', async () => {
    const { events } = await get<OrganizerEventsResponse>('/api/organizer/events');
    const seeded = events.filter((e) => !DEMO_ORGANIZER_EVENT_IDS.includes(e.id));
    expect(seeded).toHaveLength(5);
    for (const { id } of seeded) {
      const { event } = await get<OrganizerEventDetailResponse>(`/api/organizer/events/${id}`);
      expect(event.banner).not.toBeNull();
      const image = await app.get(event.banner?.url ?? '/api/banners/none');
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(event.banner?.contentType);
      expect(image.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp)$/);
      expect((await image.arrayBuffer()).byteLength).toBe(event.banner?.bytes);
    }
    expect(seeded.filter((e) => e.status === 'Pending')).toHaveLength(1);
  });

  it('each demo event the organizer owns opens in Edit complete, and saves as it is', async () => {
    for (const id of DEMO_ORGANIZER_EVENT_IDS) {
      const { event } = await get<OrganizerEventDetailResponse>(`/api/organizer/events/${id}`);
      expect([id, event.banner?.id, event.venueName, event.streetName, event.city?.code, event.barangay?.code].every((v) => typeof v === 'string' || typeof v === 'number')).toBe(true);
      if (!event.editable) continue;
      const request = {
        name: event.name,
        description: event.description,
        category: event.category,
        bannerId: event.banner?.id,
        venueName: event.venueName,
        streetName: event.streetName,
        cityCode: event.city?.code,
        barangayCode: event.barangay?.code,
        start: event.start,
        end: event.end,
        price: event.price,
      };
      const res = await app.get(`/api/organizer/events/${id}`, { method: 'PUT', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
      expect([id, res.status, res.status === 200 ? '' : await res.text()]).toEqual([id, 200, '']);
    }
  });

  it('Attendee List of the current event (today’s): a row per ticket (seat), present and absent', async () => {
    const options = await get<EventOptionsResponse>('/api/organizer/event-options');
    const current = options.events.find((e) => e.id === options.current);
    expect(Date.parse(current?.startsAt ?? '')).toBeLessThanOrEqual(Date.now());
    const body = await get<AttendeesResponse>(`/api/organizer/events/${options.current}/attendees`);
    // The seed's 48 orders of it hold 89 seats, 43 of them at the gate.
    expect(body).toMatchObject({ page: 1, totalPages: 9, total: 89, counts: { all: 89, present: 43, absent: 46 } });
  });

  it('Reviews: 1 of 10 with 243 in all, some answered', async () => {
    const body = await get<OrganizerReviewsResponse>('/api/organizer/reviews');
    expect(body).toMatchObject({ page: 1, totalPages: 10, total: 243, allReviews: 243 });
    const answered = await get<OrganizerReviewsResponse>('/api/organizer/reviews?response=responded');
    expect(answered.total).toBeGreaterThan(0);
    expect(answered.total).toBeLessThan(243);
  });

  it('Dashboard: no-shows from the past events, today’s due, open and all', async () => {
    const body = await get<DashboardResponse>('/api/organizer/dashboard');
    // A ticket is a seat: the seed's orders of the events still to come hold more seats than orders.
    expect(body.cards.all).toBeGreaterThan(150 + 140 + 48 + 40 + 30 + 22 + 14 + 8);
    expect(body.cards.open).toBeGreaterThan(26 + 40 + 30 + 22 + 14 + 8);
    expect(body.cards.dueToday).toBeLessThanOrEqual(body.cards.open);
    expect(body.cards.noShows + body.cards.open).toBeLessThanOrEqual(body.cards.all);
    expect(body.charts.reservedByType.length).toBeGreaterThan(5);
    expect(body.charts.reservedByType.reduce((n, r) => n + r.tickets, 0)).toBe(body.cards.all);
    expect(body.charts.noShowsByType.reduce((n, r) => n + r.tickets, 0)).toBe(body.cards.noShows);
  });
});
