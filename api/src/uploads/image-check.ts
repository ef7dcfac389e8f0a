// A banner is checked by its bytes, never by its name or declared type: the image header must be
// a PNG, JPEG or WebP one (image-size reads the signature and the dimensions of each format)
// and its dimensions within the limits. Pixels are not decoded: a header within the limits is
// what protects the browsers that will decode it.
import { imageSize } from 'image-size';
import { BANNER_MAX_BYTES, BANNER_MAX_SIDE } from '@sports/contracts';
import type { BannerContentType } from '@sports/contracts';

export const IMAGE_MESSAGES = {
  empty: 'Choose an image file for the banner.',
  notImage: 'The banner must be a PNG, JPEG or WebP image.',
  tooLarge: 'The banner image must be at most 5 MB.',
  tooManyPixels: (w: number, h: number) => `The banner image must be at most ${BANNER_MAX_SIDE} x ${BANNER_MAX_SIDE} pixels (this one is ${w} x ${h}).`,
} as const;

const TYPES: Readonly<Record<string, BannerContentType>> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A refusal carries its HTTP status: 400 empty, 413 too many bytes, 415 not one of the three formats, 422 too many pixels. */
export type ImageCheck = { ok: true; contentType: BannerContentType; width: number; height: number } | { ok: false; status: 400 | 413 | 415 | 422; error: string };

export function checkBannerImage(bytes: Buffer): ImageCheck {
  if (bytes.length === 0) return { ok: false, status: 400, error: IMAGE_MESSAGES.empty };
  if (bytes.length > BANNER_MAX_BYTES) return { ok: false, status: 413, error: IMAGE_MESSAGES.tooLarge };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, status: 415, error: IMAGE_MESSAGES.notImage };
  }
  const contentType = size.type ? TYPES[size.type] : undefined;
  const { width, height } = size;
  if (!contentType || !width || !height || !Number.isInteger(width) || !Number.isInteger(height)) return { ok: false, status: 415, error: IMAGE_MESSAGES.notImage };
  if (width > BANNER_MAX_SIDE || height > BANNER_MAX_SIDE) return { ok: false, status: 422, error: IMAGE_MESSAGES.tooManyPixels(width, height) };
  return { ok: true, contentType, width, height };
}
