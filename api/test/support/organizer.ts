// Organizer test support: organizers and visitors signed in through the real login, events of
// their own, tickets bought and paid through the real booking API, and small real images.
import { randomBytes } from 'node:crypto';
import type { OrderResponse, OrderSummary, RoleName, SectionsResponse } from '@sports/contracts';
import { TEST_PASSWORD, createUser } from './accounts';
import { book, json } from './booking';
import type { BookingApp } from './booking';
import type { Db } from '../../src/db';
import { encodePng } from '../../src/uploads/png-image';

export interface Person {
  id: number;
  email: string;
  cookie: string;
}

/** A new account of `role`, signed in through POST /api/login.php. */
export async function signedIn(app: BookingApp, role: RoleName, firstName = 'Test'): Promise<Person> {
  const user = await createUser(app.db, { role, firstName });
  const res = await app.request('POST', '/api/login.php', { body: { email: user.email, password: TEST_PASSWORD } });
  if (res.status !== 200) throw new Error(`login of ${user.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('session='));
  if (!cookie) throw new Error('no session cookie');
  return { id: user.id, email: user.email, cookie };
}

export async function signedInAs(app: BookingApp, email: string, password = 'demo-pass-2025'): Promise<string> {
  const res = await app.request('POST', '/api/login.php', { body: { email, password } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] as string).find((c) => c.startsWith('session='));
  if (res.status !== 200 || !cookie) throw new Error(`login of ${email} failed: ${res.status}`);
  return cookie;
}

/** An event owned by `organizerId` (Approved, starting in 30 days, lasting 4 hours by default). */
export async function ownEvent(
  db: Db,
  organizerId: number,
  options: { status?: 'Approved' | 'Pending' | 'Rejected'; startsAt?: Date; endsAt?: Date | null; price?: number; title?: string } = {},
): Promise<number> {
  const startsAt = options.startsAt ?? new Date(Date.now() + 30 * 86_400_000);
  const endsAt = options.endsAt === undefined ? new Date(startsAt.getTime() + 4 * 3_600_000) : options.endsAt;
  const status = options.status ?? 'Approved';
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO events (genre, title, description, starts_at, ends_at, has_time, price, status, organizer_user_id, rejection_reason)
     VALUES ('sports', $1, 'Organizer test event', $2, $3, true, $4, $5, $6, $7) RETURNING id`,
    [options.title ?? `Organizer test ${randomBytes(4).toString('hex')}`, startsAt, endsAt, options.price ?? 100, status, organizerId, status === 'Rejected' ? 'Not this time.' : null],
  );
  return (rows[0] as { id: number }).id;
}

let keys = 0;

/** Books `seats` of `sectionId` and pays: the paid order, with its tickets (one signed QR per seat). */
export async function buyTicket(app: BookingApp, cookie: string, eventId: number, sectionId: number, seats: number[]): Promise<OrderSummary> {
  const held = await book(app, cookie, eventId, sectionId, seats);
  if (held.status !== 200 || !held.body.order) throw new Error(`booking failed: ${held.status} ${JSON.stringify(held.body)}`);
  keys += 1;
  const paid = await json<OrderResponse>(
    await app.request('POST', `/api/orders/${held.body.order.orderId}/pay`, {
      cookie,
      headers: { 'Idempotency-Key': `organizer-test-${process.pid}-${Date.now()}-${keys}` },
      body: { paymentMethod: 'gcash' },
    }),
  );
  if (paid.status !== 200 || paid.body.order.tickets?.length !== seats.length) throw new Error(`payment failed: ${paid.status} ${JSON.stringify(paid.body)}`);
  return paid.body.order;
}

/** The signed QR of the `index`th ticket (seat order) of a paid order. */
export function qrOf(order: OrderSummary, index = 0): string {
  const ticket = order.tickets?.[index];
  if (!ticket) throw new Error(`order ${order.orderId} has no ticket ${index}`);
  return ticket.qr;
}

/** A held (unpaid) order: returns its id. */
export async function holdTicket(app: BookingApp, cookie: string, eventId: number, sectionId: number, seats: number[]): Promise<number> {
  const held = await book(app, cookie, eventId, sectionId, seats);
  if (held.status !== 200 || !held.body.order) throw new Error(`booking failed: ${held.status}`);
  return held.body.order.orderId;
}

/** The section an event's seat plan is sold on, as the visitor's seat map reads it. */
export async function planSection(app: BookingApp, eventId: number): Promise<number> {
  const { body } = await json<SectionsResponse>(await app.request('GET', `/api/sections?event_id=${eventId}`));
  const [floor, ...more] = body.sections;
  if (!floor || more.length || floor.rows === undefined) throw new Error(`event ${eventId} has no plan section: ${JSON.stringify(body)}`);
  return floor.id;
}

/** Moves an event's start (and end) by SQL: tickets are bought before, the gate opens after. */
export async function moveEvent(db: Db, eventId: number, startsAt: Date, endsAt: Date | null): Promise<void> {
  await db.query('UPDATE events SET starts_at = $2, ends_at = $3 WHERE id = $1', [eventId, startsAt, endsAt]);
}

// ---- images made byte by byte (no image library needed to make valid headers) -------------

/** A real, decodable RGB PNG of width x height (a gradient). `declared` overrides the header's size (a lying header). */
export function png(width: number, height: number, declared?: { width: number; height: number }): Buffer {
  return encodePng(width, height, (x, y) => [(x * 255) / Math.max(1, width - 1), (y * 255) / Math.max(1, height - 1), 128], declared);
}

/** A baseline JPEG header (SOI, APP0 JFIF, SOF0 with the size, EOI): what image readers read the size from. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/** A WebP (extended format, VP8X) header with the canvas size. */
export function webp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const payload = Buffer.concat([Buffer.from('WEBP'), Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from('RIFF'), size, payload]);
}

/** Uploads bytes as a banner with `type` (Content-Type). */
export function upload(app: BookingApp, cookie: string | null, bytes: Buffer, type = 'image/png', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.url}/api/organizer/banners`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: bytes,
  });
}
