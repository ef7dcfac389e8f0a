// Banner images of Create Event: the raw image is the request body, checked by content (PNG, JPEG
// or WebP; at most 5 MB; at most 4000 px a side), stored outside the table rows, served back with
// its type and a long cache header, and shown to visitors as the event's image.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BannerUploadResponse, Event } from '@sports/contracts';
import { bannerUploadResponseSchema } from '@sports/contracts';
import { migrate } from '../src/db';
import { DEFAULT_UPLOADS_DIR } from '../src/uploads/file-store';
import { TEST_PASSWORD, createUser } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { freshSchema } from './support/helpers';
import { jpeg, png, signedIn, signedInAs, upload, webp } from './support/organizer';
import type { Person } from './support/organizer';

const MB5 = 5 * 1024 * 1024;


// Real HTTP, argon2 logins and PostgreSQL on a small shared machine: generous time per test.
jest.setTimeout(30_000);
describe('banner uploads', () => {
  let app: BookingApp;
  let organizer: Person;

  beforeAll(async () => {
    app = await startBookingApp();
    organizer = await signedIn(app, 'Organizer');
  }, 60_000);
  afterAll(async () => {
    await app.stop();
  });

  const banners = async (): Promise<number> => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM banners WHERE uploaded_by = $1', [organizer.id])).rows[0]?.n ?? 0;

  it('stores a PNG outside the table rows and serves it back with its type and a long cache header', async () => {
    const bytes = png(64, 36);
    const res = await upload(app, organizer.cookie, bytes);
    expect(res.status).toBe(201);
    const body = bannerUploadResponseSchema.parse(await res.json());
    expect(body.banner).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), url: `/api/banners/${body.banner.id}`, contentType: 'image/png', width: 64, height: 36, bytes: bytes.length });
    expect(await readFile(path.join(DEFAULT_UPLOADS_DIR, body.banner.id))).toEqual(bytes);
    const { rows } = await app.db.query('SELECT content_type, byte_size, width, height, uploaded_by FROM banners WHERE id = $1', [body.banner.id]);
    expect(rows).toEqual([{ content_type: 'image/png', byte_size: bytes.length, width: 64, height: 36, uploaded_by: organizer.id }]);

    // Public: visitors load it as the event's image, without a session.
    const image = await fetch(`${app.url}${body.banner.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['JPEG', jpeg(1200, 675), 'image/jpeg'],
    ['WebP', webp(800, 450), 'image/webp'],
  ])('accepts a %s and knows its type from its bytes', async (_name, bytes, contentType) => {
    const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, bytes, 'application/octet-stream'));
    expect(res.status).toBe(201);
    expect(res.body.banner.contentType).toBe(contentType);
    expect((await fetch(`${app.url}${res.body.banner.url}`)).headers.get('content-type')).toBe(contentType);
  });

  it('trusts the bytes, not the declared type: a PNG sent as image/jpeg is a PNG', async () => {
    const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, png(3, 3), 'image/jpeg'));
    expect(res.body.banner.contentType).toBe('image/png');
  });

  it.each([
    ['text renamed to .png', Buffer.from('hello, this is not an image at all\n')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
    ['a PNG signature alone', png(2, 2).subarray(0, 8)],
  ])('refuses %s (415) and stores nothing', async (_name, bytes) => {
    const before = await banners();
    const res = await upload(app, organizer.cookie, bytes, 'image/png');
    expect([res.status, await res.json()]).toEqual([415, { success: false, error: 'The banner must be a PNG, JPEG or WebP image.' }]);
    expect(await banners()).toBe(before);
  });

  it('takes exactly 5 MB and refuses one byte more (413)', async () => {
    const base = png(16, 16);
    const exact = Buffer.concat([base, Buffer.alloc(MB5 - base.length)]);
    expect((await upload(app, organizer.cookie, exact)).status).toBe(201);
    const before = await banners();
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await upload(app, organizer.cookie, over);
    expect([res.status, await res.json()]).toEqual([413, { success: false, error: 'The banner image must be at most 5 MB.' }]);
    expect(await banners()).toBe(before);
    // Far larger, announced or not, is refused the same way.
    const huge = await upload(app, organizer.cookie, Buffer.alloc(12 * 1024 * 1024));
    expect(huge.status).toBe(413);
  });

  it.each([
    ['a PNG header claiming 50000 x 50000 (a decompression bomb)', png(4, 4, { width: 50_000, height: 50_000 }), '50000 x 50000'],
    ['a PNG 4001 px wide', png(4001, 1), '4001 x 1'],
    ['a JPEG 5000 px high', jpeg(100, 5000), '100 x 5000'],
    ['a WebP 4096 px wide', webp(4096, 10), '4096 x 10'],
  ])('refuses %s (422)', async (_name, bytes, size) => {
    const before = await banners();
    const res = await upload(app, organizer.cookie, bytes);
    expect([res.status, await res.json()]).toEqual([422, { success: false, error: `The banner image must be at most 4000 x 4000 pixels (this one is ${size}).` }]);
    expect(await banners()).toBe(before);
  });

  it('accepts 4000 px a side', async () => {
    expect((await upload(app, organizer.cookie, png(4000, 2))).status).toBe(201);
    expect((await upload(app, organizer.cookie, jpeg(4000, 4000))).status).toBe(201);
  });

  it('refuses an empty body (400)', async () => {
    const res = await upload(app, organizer.cookie, Buffer.alloc(0));
    expect([res.status, await res.json()]).toEqual([400, { success: false, error: 'Choose an image file for the banner.' }]);
  });

  it('answers 401 without a session and 403 to visitors and admins', async () => {
    expect((await upload(app, null, png(2, 2))).status).toBe(401);
    const participant = await signedIn(app, 'Participant');
    expect((await upload(app, participant.cookie, png(2, 2))).status).toBe(403);
    expect((await upload(app, await signedInAs(app, 'admin@demo.local'), png(2, 2))).status).toBe(403);
  });

  describe('cross-site protection of the raw upload', () => {
    it('refuses multipart/form-data and other simple types (415): a cross-site form could send those', async () => {
      const form = new FormData();
      form.append('banner', new Blob([png(2, 2)], { type: 'image/png' }), 'banner.png');
      const multipart = await fetch(`${app.url}/api/organizer/banners`, { method: 'POST', headers: { Cookie: organizer.cookie, Origin: 'http://localhost:3000' }, body: form });
      expect(multipart.status).toBe(415);
      expect(((await multipart.json()) as { error: string }).error).toBe('Content-Type must be application/json or one of: image/png, image/jpeg, image/webp, application/octet-stream.');
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'image/gif']) {
        expect([type, (await upload(app, organizer.cookie, png(2, 2), type)).status]).toEqual([type, 415]);
      }
    });

    it('refuses a foreign Origin (403) and lets an allowed one through', async () => {
      const foreign = await upload(app, organizer.cookie, png(2, 2), 'image/png', { Origin: 'https://evil.example' });
      expect([foreign.status, await foreign.json()]).toEqual([403, { success: false, error: 'Cross-site request refused.' }]);
      expect((await upload(app, organizer.cookie, png(2, 2), 'image/png', { Origin: 'http://localhost:3000' })).status).toBe(201);
    });

    it('keeps image types refused on every other write route', async () => {
      const res = await app.request('POST', '/api/logout.php', { cookie: organizer.cookie, headers: { 'Content-Type': 'image/png' }, raw: 'x' });
      expect([res.status, await res.json()]).toEqual([415, { success: false, error: 'Content-Type must be application/json.' }]);
      // JSON to the upload route passes the guard and is refused by the route itself.
      const jsonBody = await app.request('POST', '/api/organizer/banners', { cookie: organizer.cookie, body: { image: 'x' } });
      expect(jsonBody.status).toBe(415);
    });
  });

  it('answers 404 for an unknown or malformed banner id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', '..%2F..%2Fpackage.json']) {
      const res = await fetch(`${app.url}/api/banners/${id}`);
      expect([id, res.status]).toEqual([id, 404]);
    }
  });
});

describe("a banner is the visitor event's image", () => {
  it('replaces the generated poster once the event is approved', async () => {
    // A schema of its own: an approved event here is never seen by the suites that list events.
    const s = await freshSchema();
    const app = await startBookingApp({ prepare: false, config: { databaseUrl: s.url } });
    try {
      await migrate(s.db);
      const user = await createUser(s.db, { role: 'Organizer' });
      const login = await app.request('POST', '/api/login.php', { body: { email: user.email, password: TEST_PASSWORD } });
      const cookie = login.headers.getSetCookie()[0]?.split(';')[0] as string;
      const { body } = await json<BannerUploadResponse>(await upload(app, cookie, png(30, 10)));
      const { rows } = await s.db.query<{ id: number }>(
        `INSERT INTO events (genre, title, description, starts_at, status, organizer_user_id, banner_id)
         VALUES ('concert', 'Bannered', 'With a banner', now() + interval '9 days', 'Approved', $1, $2), ('concert', 'Plain', 'Without', now() + interval '10 days', 'Approved', $1, NULL)
         RETURNING id`,
        [user.id, body.banner.id],
      );
      const [bannered, plain] = rows.map((r) => r.id);
      const one = await json<{ event: Event }>(await app.request('GET', `/api/events/${bannered}`));
      expect(one.body.event.img).toBe(`/api/banners/${body.banner.id}`);
      const list = await json<{ events: Event[] }>(await app.request('GET', '/api/events?genre=concert'));
      expect(list.body.events.map((e) => [e.id, e.img])).toEqual([
        [bannered, `/api/banners/${body.banner.id}`],
        [plain, `/api/events/${plain}/image.svg`],
      ]);
      const image = await fetch(`${app.url}${one.body.event.img}`);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    } finally {
      await app.stop();
      await s.drop();
    }
  });
});
