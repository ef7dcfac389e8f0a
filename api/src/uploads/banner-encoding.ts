// A banner is decoded fully and drawn again: what is stored and served is a new WebP made from the
// pixels alone (no EXIF, GPS, ICC or text chunks, nothing appended), at most BANNER_PAGE_SIDE px a
// side for the event page and BANNER_CARD_SIDE for the cards, so no visitor's browser decodes more
// than that whatever was uploaded. libvips does the work on libuv's thread pool, off the event loop.
import sharp from 'sharp';
import { BANNER_CARD_SIDE, BANNER_MAX_SIDE, BANNER_PAGE_SIDE } from '@sports/contracts';

/**
 * The decoded size libvips refuses before decoding a pixel: the largest the upload's header check
 * lets through (BANNER_MAX_SIDE a side), so a header the check read differently never gets further.
 */
export const BANNER_MAX_INPUT_PIXELS = BANNER_MAX_SIDE * BANNER_MAX_SIDE;

/** WebP quality of both sizes: no visible loss on photos and flat art, a fraction of a PNG's bytes. */
const WEBP_QUALITY = 80;

/**
 * Banners re-encoded at once. Each uses one libvips thread and a libuv worker, so two fill a
 * two-core machine while the other libuv workers stay free for argon2 and the file store; the rest
 * wait their turn (a 16-megapixel PNG holds about 64 MB while it is decoded).
 */
export const BANNER_ENCODES_AT_ONCE = 2;

sharp.concurrency(1);
// Each upload is decoded once: libvips' operation cache would only hold on to its memory.
sharp.cache(false);

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface EncodedBanner {
  page: EncodedImage;
  card: EncodedImage;
}

/** Why libvips refused the bytes: too many pixels (before decoding), or not a whole image. */
export class BannerDecodeError extends Error {
  constructor(readonly reason: 'pixels' | 'damaged') {
    super(reason === 'pixels' ? 'banner exceeds the pixel limit' : 'banner could not be decoded');
  }
}

let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= BANNER_ENCODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const fitInside = (side: number) => ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;

async function encode(bytes: Buffer): Promise<EncodedBanner> {
  let page: EncodedImage;
  try {
    // failOn 'error': a truncated or corrupt image fails here instead of being drawn half grey.
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: BANNER_MAX_INPUT_PIXELS, autoOrient: true })
      .resize(fitInside(BANNER_PAGE_SIDE))
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    page = { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    throw new BannerDecodeError(err instanceof Error && /pixel limit/i.test(err.message) ? 'pixels' : 'damaged');
  }
  // The card is drawn from the page image (already decoded and at most 1600 px): a fraction of the work of the original.
  const { data, info } = await sharp(page.bytes).resize(fitInside(BANNER_CARD_SIDE)).webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { page, card: { bytes: data, width: info.width, height: info.height } };
}

/** The page and card WebP of an uploaded image; rejects with BannerDecodeError when libvips refuses it. */
export function encodeBanner(bytes: Buffer): Promise<EncodedBanner> {
  return inTurn(() => encode(bytes));
}
