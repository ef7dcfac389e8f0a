// The banner of the demo organizer's seeded events: one PNG drawn here (a gradient in the
// complex's blues), stored once through the upload's own file store and banners table, so every
// seeded request carries a banner exactly like an uploaded one and its edit form is valid.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db';
import type { FileStore } from '../uploads/file-store';
import { checkBannerImage } from '../uploads/image-check';
import { encodePng } from '../uploads/png-image';
import { findBanner, insertBanner } from '../uploads/banners.repository';

const WIDTH = 1200;
const HEIGHT = 400;

/** A fixed id (22 base64url characters, as an upload's): every seeded database shares one stored file. */
export const DEMO_BANNER_ID = createHash('sha256').update('demo-organizer-banner:v1').digest('base64url').slice(0, 22);

/** The demo banner as PNG bytes (a diagonal gradient). */
export function demoBannerPng(): Buffer {
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const t = (x / WIDTH + y / HEIGHT) / 2;
    return [20 + 40 * t, 60 + 90 * t, 140 + 100 * t];
  });
}

/**
 * Stores the demo banner for `ownerId` (the file when the store lacks it, the row when the table
 * does) and returns its id. The bytes pass the upload's own check, so it is a banner like any other.
 */
export async function storeDemoBanner(tx: Queryable, files: FileStore, ownerId: number, now: Date): Promise<string> {
  const bytes = demoBannerPng();
  const check = checkBannerImage(bytes);
  if (!check.ok) throw new Error(`demo seed: the demo banner is refused: ${check.error}`);
  if (!(await files.get(DEMO_BANNER_ID))) await files.put(DEMO_BANNER_ID, bytes);
  if (!(await findBanner(tx, DEMO_BANNER_ID))) {
    await insertBanner(tx, {
      id: DEMO_BANNER_ID,
      uploaded_by: ownerId,
      content_type: check.contentType,
      byte_size: bytes.length,
      width: check.width,
      height: check.height,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt: now,
    });
  }
  return DEMO_BANNER_ID;
}
