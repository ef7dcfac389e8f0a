// Banner images of event requests: checked by content, decoded and re-encoded (banner-encoding.ts),
// stored in the file store in two sizes, described in the banners table, served back publicly
// under an unguessable id.
import { createHash, randomBytes } from 'node:crypto';
import { BANNER_ID_PATTERN } from '@sports/contracts';
import type { Banner } from '@sports/contracts';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { AppError, notFound } from '../errors';
import type { Logger } from '../logger';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { FileStore } from './file-store';
import { BannerDecodeError, encodeBanner } from './banner-encoding';
import type { EncodedBanner } from './banner-encoding';
import { IMAGE_MESSAGES, checkBannerImage } from './image-check';
import * as repo from './banners.repository';
import type { BannerRow } from './banners.repository';

export interface BannerDeps {
  db: Db;
  files: FileStore;
  clock: Clock;
  rateLimiter: RateLimiter;
  logger: Logger;
}

/** Uploads per organizer account: plenty for editing requests, not enough to fill a disk. */
export const BANNER_UPLOAD_LIMIT = { max: 60, windowSeconds: 3600 };

export const bannerUrl = (id: string): string => `/api/banners/${id}`;

/** The file store key of a banner's card size (the page size is under the id itself). */
export const cardKey = (id: string): string => `${id}-card`;

/** What every stored banner is since uploads are re-encoded (older rows may say PNG or JPEG: their bytes are served as they were). */
export const STORED_BANNER_TYPE = 'image/webp';

export function toBanner(row: Pick<BannerRow, 'id' | 'content_type' | 'width' | 'height' | 'byte_size'>): Banner {
  return { id: row.id, url: bannerUrl(row.id), contentType: row.content_type, width: row.width, height: row.height, bytes: row.byte_size };
}

/**
 * The page and card images of uploaded bytes, or a 4xx AppError: the header checks first (no
 * pixels read), then `beforeDecoding` (the rate limit: a refused decode still counts), then the
 * full decode, which refuses what the header checks could not see.
 */
export async function reencodeBanner(bytes: Buffer, beforeDecoding: () => Promise<unknown> = async () => undefined): Promise<EncodedBanner> {
  const check = checkBannerImage(bytes);
  if (!check.ok) throw new AppError(check.status, check.error);
  await beforeDecoding();
  try {
    return await encodeBanner(bytes);
  } catch (err) {
    if (!(err instanceof BannerDecodeError)) throw err;
    throw new AppError(422, err.reason === 'pixels' ? IMAGE_MESSAGES.tooManyPixels(check.width, check.height) : IMAGE_MESSAGES.damaged);
  }
}

/** The row of a re-encoded banner: it describes the page size (its type, bytes, size and hash). */
export function encodedBannerRow(id: string, uploaderId: number, { page }: EncodedBanner): BannerRow & { sha256: string } {
  return { id, uploaded_by: uploaderId, content_type: STORED_BANNER_TYPE, byte_size: page.bytes.length, width: page.width, height: page.height, sha256: createHash('sha256').update(page.bytes).digest('hex') };
}

/** Both sizes into the file store, then the row; a failure leaves no file behind. */
async function storeBanner(deps: BannerDeps, row: BannerRow & { sha256: string }, { page, card }: EncodedBanner): Promise<void> {
  try {
    await deps.files.put(cardKey(row.id), card.bytes);
    await deps.files.put(row.id, page.bytes);
    await repo.insertBanner(deps.db, { ...row, createdAt: deps.clock.now() });
  } catch (err) {
    for (const key of [row.id, cardKey(row.id)]) {
      await deps.files.remove(key).catch((e: unknown) => deps.logger.warn({ err: e, banner: key }, 'could not remove the file of an unrecorded banner'));
    }
    throw err;
  }
}

/** Checks and re-encodes the bytes, stores both sizes, then records them; a refused image leaves nothing behind. */
export async function uploadBanner(deps: BannerDeps, uploaderId: number, bytes: Buffer): Promise<Banner> {
  const encoded = await reencodeBanner(bytes, () => deps.rateLimiter.consume([{ key: `banner-upload:user:${uploaderId}`, limit: BANNER_UPLOAD_LIMIT }]));
  const row = encodedBannerRow(randomBytes(16).toString('base64url'), uploaderId, encoded);
  await storeBanner(deps, row, encoded);
  return toBanner(row);
}

export type BannerSize = 'page' | 'card';

/**
 * The stored image of `size` and its type; 404 for an unknown id (or a file gone missing). A banner
 * stored before uploads were re-encoded has one file only, served for both sizes as it always was.
 */
export async function readBanner(deps: Pick<BannerDeps, 'db' | 'files'>, id: string, size: BannerSize = 'page'): Promise<{ contentType: string; bytes: Buffer }> {
  if (!BANNER_ID_PATTERN.test(id)) throw notFound('Banner not found');
  const row = await repo.findBanner(deps.db, id);
  if (!row) throw notFound('Banner not found');
  const bytes = (size === 'card' ? await deps.files.get(cardKey(row.id)) : null) ?? (await deps.files.get(row.id));
  if (!bytes) throw notFound('Banner not found');
  return { contentType: row.content_type, bytes };
}
