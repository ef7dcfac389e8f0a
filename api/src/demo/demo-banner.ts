// The banner of the demo organizer's seeded events: one PNG drawn here (a gradient in the
// complex's blues), stored once through the upload's own file store and banners table, so every
// seeded request carries a banner exactly like an uploaded one and its edit form is valid.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Queryable } from '../db';
import type { FileStore } from '../uploads/file-store';
import { checkBannerImage } from '../uploads/image-check';
import { findBanner, insertBanner } from '../uploads/banners.repository';

const WIDTH = 1200;
const HEIGHT = 400;

/** A fixed id (22 base64url characters, as an upload's): every seeded database shares one stored file. */
export const DEMO_BANNER_ID = createHash('sha256').update('demo-organizer-banner:v1').digest('base64url').slice(0, 22);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The demo banner as PNG bytes (RGB, 8 bits, a diagonal gradient). */
export function demoBannerPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = WIDTH * 3 + 1;
  const pixels = Buffer.alloc(stride * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      pixels.set([Math.round(20 + 40 * t), Math.round(60 + 90 * t), Math.round(140 + 100 * t)], y * stride + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
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
