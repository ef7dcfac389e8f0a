import sharp from 'sharp';
import { GENRES, eventSchema, featuredEventSchema } from '@sports/contracts';
import { strict } from './support/contracts';
import type { Event } from '@sports/contracts';
import { startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

interface EventsBody {
  success: boolean;
  events: Event[];
}

describe('events API', () => {
  let app: TestApp;
  const created: number[] = [];

  async function insertEvent(fields: { title: string; status: string; startsAt: string; genre?: string; hasTime?: boolean }): Promise<number> {
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, has_time, price, status)
       VALUES ($1, $2, 'Test event', $3, $4, 75, $5) RETURNING id`,
      [fields.genre ?? 'sports', fields.title, fields.startsAt, fields.hasTime ?? true, fields.status],
    );
    const id = (rows[0] as { id: number }).id;
    created.push(id);
    return id;
  }

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    if (created.length) await app.db.query('DELETE FROM events WHERE id = ANY ($1::int[])', [created.splice(0)]);
  });
  afterAll(async () => {
    await app.stop();
  });

  it.each(GENRES)('lists approved %s events on sale, soonest first, in the contract shape', async (genre) => {
    const res = await app.get(`/api/events?genre=${genre}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as EventsBody;
    expect(body.success).toBe(true);
    expect(body.events.length).toBeGreaterThan(0);
    const { rows } = await app.db.query<{ id: number; banner_id: string }>('SELECT id, banner_id FROM events WHERE banner_id IS NOT NULL');
    const banners = new Map(rows.map((r) => [r.id, r.banner_id]));
    for (const event of body.events) {
      expect(strict(eventSchema).parse(event)).toEqual(event);
      expect(event.genre).toBe(genre);
      expect(event.isFree).toBe(event.price === 0);
      // An organizer's uploaded banner when the event has one, else the generated poster.
      const banner = banners.get(event.id);
      expect(event.img).toBe(banner ? `/api/banners/${banner}` : `/api/events/${event.id}/image.svg`);
    }
    // Soonest first, the sold-out ones after those with seats left (another suite may sell one out).
    const order = body.events.map((e) => [Number(e.soldOut), Date.parse(e.startsAt)] as const);
    expect([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(order);
    expect(body.events.every((e) => Date.parse(e.startsAt) > Date.now())).toBe(true);
  });

  it('lists all 26 demo events without a genre', async () => {
    const body = (await (await app.get('/api/events')).json()) as EventsBody;
    expect(body.events.filter((e) => e.id <= 26).map((e) => e.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
  });

  it('never shows events that are not approved', async () => {
    const pending = await insertEvent({ title: 'Pending test event', status: 'Pending', startsAt: '2099-01-01T00:00:00Z' });
    const rejected = await insertEvent({ title: 'Rejected test event', status: 'Rejected', startsAt: '2099-01-01T00:00:00Z' });
    const approved = await insertEvent({ title: 'Approved test event', status: 'Approved', startsAt: '2099-01-01T00:00:00Z' });
    const ids = ((await (await app.get('/api/events?genre=sports')).json()) as EventsBody).events.map((e) => e.id);
    expect(ids).toContain(approved);
    expect(ids).not.toContain(pending);
    expect(ids).not.toContain(rejected);
    expect((await app.get(`/api/events/${pending}`)).status).toBe(404);
    expect((await app.get(`/api/events/${pending}/image.svg`)).status).toBe(404);
  });

  it('refuses an unknown genre with a clear 400', async () => {
    for (const query of ['genre=opera', 'genre=', 'genre=sports&genre=concert']) {
      const res = await app.get(`/api/events?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'genre must be one of: sports, concert, community' });
    }
  });

  it('returns one event by id', async () => {
    const res = await app.get('/api/events/2');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; event: Event };
    expect(body.success).toBe(true);
    expect(strict(eventSchema).parse(body.event)).toEqual(body.event);
    expect(body.event).toMatchObject({ id: 2, genre: 'community', title: 'Mutya ng Lungsod Beauty Pageant', price: 300, isFree: false, time: '6:00 PM' });
    expect(body.event.organizer).toEqual(expect.any(String));
    expect(body.event.about).toEqual(expect.any(String));
  });

  it('omits time and organizer when an event has none', async () => {
    const events = ((await (await app.get('/api/events')).json()) as EventsBody).events;
    expect(events.some((e) => e.time === undefined)).toBe(true);
    expect(events.some((e) => e.organizer === undefined)).toBe(true);
    expect(events.filter((e) => e.time !== undefined).every((e) => /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/.test(e.time as string))).toBe(true);
  });

  it('dates events in Asia/Manila', async () => {
    // 17:30 UTC is 1:30 AM the next day in Manila.
    const id = await insertEvent({ title: 'Late night test', status: 'Approved', startsAt: '2030-01-01T17:30:00Z' });
    const { event } = (await (await app.get(`/api/events/${id}`)).json()) as { event: Event };
    expect(event).toMatchObject({ date: '2030-01-02', time: '1:30 AM', startsAt: '2030-01-01T17:30:00.000Z' });
    const untimed = await insertEvent({ title: 'Untimed test', status: 'Approved', startsAt: '2030-01-04T16:00:00Z', hasTime: false });
    const second = ((await (await app.get(`/api/events/${untimed}`)).json()) as { event: Event }).event;
    expect(second.date).toBe('2030-01-05');
    expect(second).not.toHaveProperty('time');
  });

  it('answers 404 for an unknown event and 400 for a malformed id, never 500', async () => {
    const missing = await app.get('/api/events/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: 'Event not found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648', '%20', '1e400', 'NaN', '0x10']) {
      const res = await app.get(`/api/events/${id}`);
      expect([400, 404]).toContain(res.status);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toEqual(expect.any(String));
    }
  });

  it('features events 1, 2 and 3', async () => {
    const res = await app.get('/api/events/featured');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; featured: unknown[] };
    expect(body.success).toBe(true);
    const featured = body.featured.map((f) => strict(featuredEventSchema).parse(f));
    expect(featured.map((f) => f.eventId)).toEqual([1, 2, 3]);
    expect(featured.every((f) => f.button === 'Book Now' && f.img === `/api/events/${f.eventId}/banner.svg` && f.text.length > 0)).toBe(true);
    expect(featured[1]?.title).toMatch(/pageant/i);
    expect(featured[2]?.title).toMatch(/zumba/i);
  });

  it('serves the featured banner as the same art without any text', async () => {
    const res = await app.get('/api/events/1/banner.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<title>');
    expect((await app.get('/api/events/9999/banner.svg')).status).toBe(404);
  });

  it('serves a generated SVG poster with public caching', async () => {
    const res = await app.get('/api/events/1/image.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await res.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Palarong');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('serves the poster as a 1200 x 675 PNG for link previews, drawn from the same art, and 404 for an unknown event', async () => {
    const res = await app.get('/api/events/1/poster.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
    // The art's colours, not a blank image: the top-left pixel is the gradient's start.
    const { data } = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(data[0] ?? 0, data[1] ?? 0, data[2] ?? 0) - Math.min(data[0] ?? 0, data[1] ?? 0, data[2] ?? 0)).toBeGreaterThan(20);
    expect((await app.get('/api/events/9999/poster.png')).status).toBe(404);
    expect((await app.get('/api/events/abc/poster.png')).status).toBe(400);
  });

  it('escapes the title in the poster', async () => {
    const id = await insertEvent({ title: `<script>alert("x")</script> & Tom's`, status: 'Approved', startsAt: '2030-02-01T10:00:00Z' });
    const svg = await (await app.get(`/api/events/${id}/image.svg`)).text();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('Tom&apos;s');
  });
});
