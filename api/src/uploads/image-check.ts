// A banner is checked by its bytes, never by its name or declared type: the image header must be
// a PNG, JPEG or WebP one (image-size reads the signature and the dimensions of each format), its
// dimensions within the limits, and the file must end where the image does (image-end.ts). These
// checks read no pixels; the decoding and re-encoding that follow (banner-encoding.ts) do.
import { imageSize } from 'image-size';
import { BANNER_MAX_BYTES, BANNER_MAX_SIDE } from '@sports/contracts';
import { imageEnd } from './image-end';

export const IMAGE_MESSAGES = {
  empty: 'Choose an image file for the banner.',
  notImage: 'The banner must be a PNG, JPEG or WebP image.',
  tooLarge: 'The banner image must be at most 5 MB.',
  tooManyPixels: (w: number, h: number) => `The banner image must be at most ${BANNER_MAX_SIDE} x ${BANNER_MAX_SIDE} pixels (this one is ${w} x ${h}).`,
  damaged: 'The banner image is incomplete or damaged: save it again and upload that file.',
  extraData: 'The banner file has other data after the end of its image: save the image again as PNG, JPEG or WebP and upload that file.',
} as const;

export type ImageFormat = 'png' | 'jpeg' | 'webp';
const FORMATS: Readonly<Record<string, ImageFormat>> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/**
 * A refusal carries its HTTP status: 400 empty, 413 too many bytes, 415 not one of the three
 * formats, 422 too many pixels, cut short or followed by other data (a polyglot: an image and an HTML page at once).
 */
export type ImageCheck = { ok: true; format: ImageFormat; width: number; height: number } | { ok: false; status: 400 | 413 | 415 | 422; error: string };

export function checkBannerImage(bytes: Buffer): ImageCheck {
  if (bytes.length === 0) return { ok: false, status: 400, error: IMAGE_MESSAGES.empty };
  if (bytes.length > BANNER_MAX_BYTES) return { ok: false, status: 413, error: IMAGE_MESSAGES.tooLarge };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, status: 415, error: IMAGE_MESSAGES.notImage };
  }
  const format = size.type ? FORMATS[size.type] : undefined;
  const { width, height } = size;
  if (!format || !width || !height || !Number.isInteger(width) || !Number.isInteger(height)) return { ok: false, status: 415, error: IMAGE_MESSAGES.notImage };
  if (width > BANNER_MAX_SIDE || height > BANNER_MAX_SIDE) return { ok: false, status: 422, error: IMAGE_MESSAGES.tooManyPixels(width, height) };
  const end = imageEnd(bytes, format);
  if (end !== 'exact') return { ok: false, status: 422, error: end === 'trailing' ? IMAGE_MESSAGES.extraData : IMAGE_MESSAGES.damaged };
  return { ok: true, format, width, height };
}
