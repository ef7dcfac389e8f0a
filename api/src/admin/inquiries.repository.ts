import type { InquiryFilter } from '@sports/contracts';
import type { Queryable } from '../db';
import { manilaDateSql, personNameSql } from '../db/sql';

export interface InquiryRow {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: Date;
  date: string;
  response: string | null;
  responded_at: Date | null;
  responder_id: number | null;
  responder_name: string | null;
  responder_email: string | null;
}

const ROW = `i.id, i.name, i.email, i.message, i.created_at, ${manilaDateSql('i.created_at')} AS date,
  i.response, i.responded_at, rs.id AS responder_id, ${personNameSql('rs')} AS responder_name, rs.email AS responder_email`;

const WHERE: Record<InquiryFilter, string> = {
  pending: 'i.responded_at IS NULL',
  answered: 'i.responded_at IS NOT NULL',
  all: 'true',
};
/** Pending: the longest waiting first. Otherwise the newest first. */
const ORDER: Record<InquiryFilter, string> = {
  pending: 'i.created_at, i.id',
  answered: 'i.created_at DESC, i.id DESC',
  all: 'i.created_at DESC, i.id DESC',
};

export async function countInquiries(db: Queryable, filter: InquiryFilter): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inquiries i WHERE ${WHERE[filter]}`);
  return rows[0]?.n ?? 0;
}

export async function findInquiries(db: Queryable, filter: InquiryFilter, limit: number, offset: number): Promise<InquiryRow[]> {
  const { rows } = await db.query<InquiryRow>(
    `SELECT ${ROW} FROM inquiries i LEFT JOIN users rs ON rs.id = i.responded_by
     WHERE ${WHERE[filter]} ORDER BY ${ORDER[filter]} LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows;
}

export async function findInquiry(db: Queryable, id: number): Promise<InquiryRow | null> {
  const { rows } = await db.query<InquiryRow>(`SELECT ${ROW} FROM inquiries i LEFT JOIN users rs ON rs.id = i.responded_by WHERE i.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The inquiry, locked until the transaction ends: a second Respond waits, then finds it answered. */
export async function lockInquiry(tx: Queryable, id: number): Promise<{ name: string; email: string; message: string; date: string; answered: boolean } | null> {
  const { rows } = await tx.query<{ name: string; email: string; message: string; date: string; answered: boolean }>(
    `SELECT name, email, message, ${manilaDateSql('created_at')} AS date, responded_at IS NOT NULL AS answered FROM inquiries WHERE id = $1 FOR NO KEY UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

export async function recordResponse(tx: Queryable, id: number, response: string, adminId: number): Promise<void> {
  await tx.query('UPDATE inquiries SET response = $2, responded_by = $3, responded_at = now() WHERE id = $1', [id, response, adminId]);
}
