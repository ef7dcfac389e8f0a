// The banner of the demo organizer's seeded events: one PNG drawn here (a gradient in the
// complex's blues), checked, re-encoded and stored once by the upload's own steps, so every
// seeded request carries a banner exactly like an uploaded one and its edit form is valid.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db';
import type { FileStore } from '../uploads/file-store';
import { encodePng } from '../uploads/png-image';
import { findBanner, insertBanner } from '../uploads/banners.repository';
import { cardKey, encodedBannerRow, reencodeBanner } from '../uploads/banners.service';

const WIDTH = 1200;
const HEIGHT = 400;

/**
 * A fixed id (22 base64url characters, as an upload's). v2: the re-encoded WebP in two sizes (v1
 * was the PNG itself, still served as it was in databases seeded before).
 */
export const DEMO_BANNER_ID = createHash('sha256').update('demo-organizer-banner:v2').digest('base64url').slice(0, 22);

/** The demo banner as PNG bytes (a diagonal gradient). */
export function demoBannerPng(): Buffer {
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const t = (x / WIDTH + y / HEIGHT) / 2;
    return [20 + 40 * t, 60 + 90 * t, 140 + 100 * t];
  });
}

/**
 * Stores `png` as the banner `id` of `ownerId` (the files when the store lacks them, the row when
 * the table does) and returns its id. The bytes go through the upload's own checks and
 * re-encoding, so it is a banner like any other.
 */
export async function storeSeedBanner(tx: Queryable, files: FileStore, ownerId: number, now: Date, id: string, png: Buffer): Promise<string> {
  const encoded = await reencodeBanner(png);
  for (const [key, bytes] of [[cardKey(id), encoded.card.bytes], [id, encoded.page.bytes]] as const) {
    if (!(await files.get(key))) await files.put(key, bytes);
  }
  if (!(await findBanner(tx, id))) await insertBanner(tx, { ...encodedBannerRow(id, ownerId, encoded), createdAt: now });
  return id;
}

/** The demo banner of the organizer's seeded events. */
export function storeDemoBanner(tx: Queryable, files: FileStore, ownerId: number, now: Date): Promise<string> {
  return storeSeedBanner(tx, files, ownerId, now, DEMO_BANNER_ID, demoBannerPng());
}

/** A fixed banner id for a demo event's own art (22 base64url characters). */
export const demoEventBannerId = (eventId: number): string => createHash('sha256').update(`demo-event-banner:${eventId}:v1`).digest('base64url').slice(0, 22);
