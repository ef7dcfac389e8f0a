// Banner images of event requests: checked by content, stored in the file store, described in
// the banners table, served back publicly under an unguessable id.
import { createHash, randomBytes } from 'node:crypto';
import { BANNER_ID_PATTERN } from '@sports/contracts';
import type { Banner } from '@sports/contracts';
import type { Clock } from '../clock';
import type { Db } from '../db';
import { AppError, notFound } from '../errors';
import type { Logger } from '../logger';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { FileStore } from './file-store';
import { checkBannerImage } from './image-check';
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

export function toBanner(row: Pick<BannerRow, 'id' | 'content_type' | 'width' | 'height' | 'byte_size'>): Banner {
  return { id: row.id, url: bannerUrl(row.id), contentType: row.content_type, width: row.width, height: row.height, bytes: row.byte_size };
}

/** Checks the bytes, stores them, then records them; a refused image leaves nothing behind. */
export async function uploadBanner(deps: BannerDeps, uploaderId: number, bytes: Buffer): Promise<Banner> {
  const check = checkBannerImage(bytes);
  if (!check.ok) throw new AppError(check.status, check.error);
  await deps.rateLimiter.consume([{ key: `banner-upload:user:${uploaderId}`, limit: BANNER_UPLOAD_LIMIT }]);
  const row: BannerRow = { id: randomBytes(16).toString('base64url'), uploaded_by: uploaderId, content_type: check.contentType, byte_size: bytes.length, width: check.width, height: check.height };
  await deps.files.put(row.id, bytes);
  try {
    await repo.insertBanner(deps.db, { ...row, sha256: createHash('sha256').update(bytes).digest('hex'), createdAt: deps.clock.now() });
  } catch (err) {
    await deps.files.remove(row.id).catch((e: unknown) => deps.logger.warn({ err: e, banner: row.id }, 'could not remove the file of an unrecorded banner'));
    throw err;
  }
  return toBanner(row);
}

/** The stored image and its type; 404 for an unknown id (or a file gone missing). */
export async function readBanner(deps: Pick<BannerDeps, 'db' | 'files'>, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  if (!BANNER_ID_PATTERN.test(id)) throw notFound('Banner not found');
  const row = await repo.findBanner(deps.db, id);
  const bytes = row ? await deps.files.get(row.id) : null;
  if (!row || !bytes) throw notFound('Banner not found');
  return { contentType: row.content_type, bytes };
}
