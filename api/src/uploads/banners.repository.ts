import type { BannerContentType } from '@sports/contracts';
import type { Queryable } from '../db';

export interface BannerRow {
  id: string;
  uploaded_by: number;
  content_type: BannerContentType;
  byte_size: number;
  width: number;
  height: number;
}

export async function insertBanner(db: Queryable, b: BannerRow & { sha256: string; createdAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO banners (id, uploaded_by, content_type, byte_size, width, height, sha256, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [b.id, b.uploaded_by, b.content_type, b.byte_size, b.width, b.height, b.sha256, b.createdAt],
  );
}

export async function findBanner(db: Queryable, id: string): Promise<BannerRow | null> {
  const { rows } = await db.query<BannerRow>('SELECT id, uploaded_by, content_type, byte_size, width, height FROM banners WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** A banner's row once its file was re-encoded: the new page image's type, size and hash. */
export async function updateBanner(db: Queryable, b: Omit<BannerRow, 'uploaded_by'> & { sha256: string }): Promise<void> {
  await db.query('UPDATE banners SET content_type = $2, byte_size = $3, width = $4, height = $5, sha256 = $6 WHERE id = $1', [b.id, b.content_type, b.byte_size, b.width, b.height, b.sha256]);
}
