// SQL of an event's promo codes (migration 0318). A use is a live order carrying the code: paid, or
// held and not run out (a hold being paid stays live): counted here, never stored.
import type { PromoCodeKind, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { liveOrderSql, soldOn } from '../db/event-sql';

/** The event, when `organizerId` owns it (null: any event, for admins). */
export async function findEvent(db: Queryable, eventId: number, organizerId: number | null): Promise<{ id: number; title: string } | null> {
  const { rows } = await db.query<{ id: number; title: string }>('SELECT id, title FROM events WHERE id = $1 AND ($2::int IS NULL OR organizer_user_id = $2)', [eventId, organizerId]);
  return rows[0] ?? null;
}

/** The sections the event is sold on: its own plan's, else the arena's; in id order. */
export async function findEventSections(db: Queryable, eventId: number): Promise<Array<{ id: number; label: string }>> {
  const { rows } = await db.query<{ id: number; label: string }>(`SELECT s.id, s.label FROM sections s WHERE ${soldOn('s', '$1::int')} ORDER BY s.id`, [eventId]);
  return rows;
}

export interface PromoCodeRow {
  id: number;
  code: string;
  kind: PromoCodeKind;
  value: number;
  section_ids: number[] | null;
  categories: TicketCategory[] | null;
  max_uses: number | null;
  per_account: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  created_at: Date;
  uses: number;
}

const LIVE_USES = `(SELECT count(*)::int FROM orders o WHERE o.promo_code_id = p.id AND ${liveOrderSql('$2')})`;

const COLUMNS = `p.id, p.code, p.kind, p.value::float8 AS value, p.section_ids, p.categories, p.max_uses, p.per_account,
  p.valid_from, p.valid_until, p.created_at, ${LIVE_USES} AS uses`;

/** The event's codes, newest first, with their live uses at `now`. */
export async function findPromoCodes(db: Queryable, eventId: number, now: Date): Promise<PromoCodeRow[]> {
  const { rows } = await db.query<PromoCodeRow>(`SELECT ${COLUMNS} FROM promo_codes p WHERE p.event_id = $1 ORDER BY p.created_at DESC, p.id DESC`, [eventId, now]);
  return rows;
}

export async function findPromoCode(db: Queryable, eventId: number, codeId: number, now: Date): Promise<PromoCodeRow | null> {
  const { rows } = await db.query<PromoCodeRow>(`SELECT ${COLUMNS} FROM promo_codes p WHERE p.event_id = $1 AND p.id = $3`, [eventId, now, codeId]);
  return rows[0] ?? null;
}

export interface NewPromoCode {
  code: string;
  kind: PromoCodeKind;
  value: number;
  sectionIds: number[] | null;
  categories: TicketCategory[] | null;
  maxUses: number | null;
  perAccount: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
}

/** Inserts the code; null when the event already has it (UNIQUE (event_id, code)). */
export async function insertPromoCode(db: Queryable, eventId: number, c: NewPromoCode, createdBy: number, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO promo_codes (event_id, code, kind, value, section_ids, categories, max_uses, per_account, valid_from, valid_until, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (event_id, code) DO NOTHING
     RETURNING id`,
    [eventId, c.code, c.kind, c.value, c.sectionIds, c.categories, c.maxUses, c.perAccount, c.validFrom, c.validUntil, now, createdBy],
  );
  return rows[0]?.id ?? null;
}

/**
 * Ends the code at `now` (valid_until = now; a code whose window had not opened gets its start
 * just before, as the window must be non-empty). False when it had already ended.
 */
export async function endPromoCode(db: Queryable, eventId: number, codeId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE promo_codes SET valid_until = $3, valid_from = CASE WHEN valid_from >= $3 THEN $3 - interval '1 millisecond' ELSE valid_from END
     WHERE event_id = $1 AND id = $2 AND (valid_until IS NULL OR valid_until > $3)`,
    [eventId, codeId, now],
  );
  return (rowCount ?? 0) === 1;
}
