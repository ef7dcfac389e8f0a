// Banner images of Create Event: the raw image is the request body, checked by content (PNG, JPEG
// or WebP; at most 5 MB; at most 4000 px a side; whole, with nothing after its end), decoded and
// re-encoded as WebP in a page and a card size (no metadata), stored outside the table rows,
// served back with its type and a long cache header, and shown to visitors as the event's image.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BannerUploadResponse, Event } from '@sports/contracts';
import { bannerUploadResponseSchema } from '@sports/contracts';
import { migrate } from '../src/db';
import { DEFAULT_UPLOADS_DIR, directoryStore } from '../src/uploads/file-store';
import { cameraJpeg, hasGps, paddedPng, photo, solid, withEmbeddedJpeg, withHtml } from './support/images';
import { TEST_PASSWORD, createUser } from './support/accounts';
import { json, startBookingApp } from './support/booking';
import type { BookingApp } from './support/booking';
import { freshSchema } from './support/helpers';
import { jpeg, png, signedIn, signedInAs, upload, webp } from './support/organizer';
import type { Person } from './support/organizer';

const MB5 = 5 * 1024 * 1024;
const DAMAGED = 'The banner image is incomplete or damaged: save it again and upload that file.';
const EXTRA_DATA = 'The banner file has other data after the end of its image: save the image again as PNG, JPEG or WebP and upload that file.';

type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;

/** The stored file of a banner (`-card` for the card size) and what sharp reads in it. */
async function stored(id: string, size: 'page' | 'card' = 'page'): Promise<{ bytes: Buffer; meta: Metadata }> {
  const bytes = await readFile(path.join(DEFAULT_UPLOADS_DIR, size === 'card' ? `${id}-card` : id));
  return { bytes, meta: await sharp(bytes).metadata() };
}

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

  it('stores a PNG re-encoded as WebP in a page and a card size and serves both with their type and a long cache header', async () => {
    const bytes = png(64, 36);
    const res = await upload(app, organizer.cookie, bytes);
    expect(res.status).toBe(201);
    const body = bannerUploadResponseSchema.parse(await res.json());
    const page = await stored(body.banner.id);
    expect(body.banner).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), url: `/api/banners/${body.banner.id}`, contentType: 'image/webp', width: 64, height: 36, bytes: page.bytes.length });
    // Small images are not enlarged: both sizes are the image's own.
    expect([page.meta.format, page.meta.width, page.meta.height]).toEqual(['webp', 64, 36]);
    expect(page.bytes.equals(bytes)).toBe(false);
    const card = await stored(body.banner.id, 'card');
    expect([card.meta.format, card.meta.width, card.meta.height]).toEqual(['webp', 64, 36]);
    const { rows } = await app.db.query('SELECT content_type, byte_size, width, height, uploaded_by FROM banners WHERE id = $1', [body.banner.id]);
    expect(rows).toEqual([{ content_type: 'image/webp', byte_size: page.bytes.length, width: 64, height: 36, uploaded_by: organizer.id }]);

    // Public: visitors load it as the event's image, without a session; cards ask for ?w=480.
    for (const [url, file] of [[body.banner.url, page.bytes], [`${body.banner.url}?w=480`, card.bytes]] as const) {
      const image = await fetch(`${app.url}${url}`);
      expect([url, image.status]).toEqual([url, 200]);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(file);
    }
    const otherWidth = await fetch(`${app.url}${body.banner.url}?w=4000`);
    expect([otherWidth.status, await otherWidth.json()]).toEqual([400, { success: false, error: 'A banner is served at its page size, or at ?w=480 for cards.' }]);
  });

  it('draws a large photo at most 1600 px wide for the event page and 480 px for the cards', async () => {
    const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, await photo(2400, 1350, 'jpeg'), 'image/jpeg'));
    expect(res.status).toBe(201);
    expect(res.body.banner).toMatchObject({ contentType: 'image/webp', width: 1600, height: 900 });
    for (const [url, width, height] of [[res.body.banner.url, 1600, 900], [`${res.body.banner.url}?w=480`, 480, 270]] as const) {
      const image = await fetch(`${app.url}${url}`);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([url, meta.format, meta.width, meta.height]).toEqual([url, 'webp', width, height]);
    }
  });

  it.each([
    ['JPEG', () => photo(1200, 675, 'jpeg'), [1200, 675]],
    ['WebP', () => photo(800, 450, 'webp'), [800, 450]],
  ] as const)('accepts a %s, known from its bytes, and stores it as WebP', async (_name, make, [width, height]) => {
    const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, await make(), 'application/octet-stream'));
    expect(res.status).toBe(201);
    expect(res.body.banner).toMatchObject({ contentType: 'image/webp', width, height });
    expect((await fetch(`${app.url}${res.body.banner.url}`)).headers.get('content-type')).toBe('image/webp');
  });

  it('trusts the bytes, not the declared type: a PNG sent as image/jpeg is read as a PNG', async () => {
    const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, png(3, 3), 'image/jpeg'));
    expect([res.status, res.body.banner.width, res.body.banner.height]).toEqual([201, 3, 3]);
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
    const exact = paddedPng(png(16, 16), MB5);
    expect(exact.length).toBe(MB5);
    const taken = await json<BannerUploadResponse>(await upload(app, organizer.cookie, exact));
    expect(taken.status).toBe(201);
    // The padding was a text chunk: metadata, which the re-encoded image does not carry.
    expect(taken.body.banner.bytes).toBeLessThan(1024);
    const before = await banners();
    const over = paddedPng(png(16, 16), MB5 + 1);
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

  it('accepts 4000 px a side, stored at most 1600 px a side', async () => {
    const wide = await json<BannerUploadResponse>(await upload(app, organizer.cookie, png(4000, 2)));
    expect([wide.status, wide.body.banner.width, wide.body.banner.height]).toEqual([201, 1600, 1]);
    const square = await json<BannerUploadResponse>(await upload(app, organizer.cookie, await solid(4000, 4000, 'jpeg')));
    expect([square.status, square.body.banner.width, square.body.banner.height]).toEqual([201, 1600, 1600]);
  });

  describe("the security probe's files", () => {
    const refused = async (bytes: Buffer, error: string): Promise<void> => {
      const before = await banners();
      const res = await upload(app, organizer.cookie, bytes, 'image/png');
      expect([res.status, await res.json()]).toEqual([422, { success: false, error }]);
      expect(await banners()).toBe(before);
    };

    it.each([
      ['a PNG without its last 20 bytes', async () => png(300, 100).subarray(0, -20)],
      ['a PNG cut in half', async () => { const whole = png(300, 100); return whole.subarray(0, whole.length >> 1); }],
      ['a JPEG cut before its end', async () => (await photo(640, 360, 'jpeg')).subarray(0, -200)],
      ['a WebP cut before its end', async () => (await photo(640, 360, 'webp')).subarray(0, -40)],
      ['a PNG header declaring 4000 x 4000 over 4 x 4 pixels of data', async () => png(4, 4, { width: 4000, height: 4000 })],
      ['a JPEG header without any image data', async () => jpeg(1200, 675)],
    ])('refuses %s (422): it does not decode whole', async (_name, make) => {
      await refused(await make(), DAMAGED);
    });

    it.each([
      ['PNG', () => Promise.resolve(png(300, 100))],
      ['JPEG', () => photo(640, 360, 'jpeg')],
      ['WebP', () => photo(640, 360, 'webp')],
    ])('refuses a %s with an HTML page appended (422): a polyglot', async (_name, make) => {
      await refused(withHtml(await make()), EXTRA_DATA);
    });

    it('finds the end of a JPEG past the end of one it carries (as a thumbnail is carried)', async () => {
      const res = await upload(app, organizer.cookie, withEmbeddedJpeg(await photo(640, 360, 'jpeg'), await photo(160, 90, 'jpeg')), 'image/jpeg');
      expect(res.status).toBe(201);
    });

    it('takes a real 4000 x 4000 PNG of a few KB, and visitors get 1600 x 1600 at most (480 x 480 on cards)', async () => {
      const bomb = await solid(4000, 4000, 'png');
      expect(bomb.length).toBeLessThan(50 * 1024);
      const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, bomb));
      expect(res.status).toBe(201);
      const page = await stored(res.body.banner.id);
      const card = await stored(res.body.banner.id, 'card');
      expect([page.meta.width, page.meta.height, card.meta.width, card.meta.height]).toEqual([1600, 1600, 480, 480]);
    });

    it('stores a camera JPEG without its EXIF (GPS position, camera), turned the way its orientation said', async () => {
      const original = await cameraJpeg(1200, 600);
      const input = await sharp(original).metadata();
      expect([hasGps(input.exif), input.orientation]).toEqual([true, 6]);
      const res = await json<BannerUploadResponse>(await upload(app, organizer.cookie, original, 'image/jpeg'));
      expect(res.status).toBe(201);
      expect([res.body.banner.width, res.body.banner.height]).toEqual([600, 1200]);
      for (const url of [res.body.banner.url, `${res.body.banner.url}?w=480`]) {
        const served = Buffer.from(await (await fetch(`${app.url}${url}`)).arrayBuffer());
        const meta = await sharp(served).metadata();
        expect([url, meta.format, meta.exif, meta.icc, meta.xmp, meta.orientation]).toEqual([url, 'webp', undefined, undefined, undefined, undefined]);
        expect(served.includes(Buffer.from('ProbeCam'))).toBe(false);
      }
      const page = await stored(res.body.banner.id);
      expect([page.meta.width, page.meta.height]).toEqual([600, 1200]);
    });
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

  it('serves a banner stored before uploads were re-encoded as it was, for the page and the cards', async () => {
    const id = randomBytes(16).toString('base64url');
    const bytes = png(40, 20);
    await directoryStore().put(id, bytes);
    await app.db.query(
      `INSERT INTO banners (id, uploaded_by, content_type, byte_size, width, height, sha256, created_at) VALUES ($1, $2, 'image/png', $3, 40, 20, $4, now())`,
      [id, organizer.id, bytes.length, 'b'.repeat(64)],
    );
    for (const url of [`/api/banners/${id}`, `/api/banners/${id}?w=480`]) {
      const res = await fetch(`${app.url}${url}`);
      expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 200, 'image/png']);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
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
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    } finally {
      await app.stop();
      await s.drop();
    }
  });
});
