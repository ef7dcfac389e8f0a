// SQL of a hold's ticket choices: the hold and its lines, the event's categories, its promo code
// (locked, so redemptions of one code take turns and its uses are counted exactly), and the
// priced lines written back. Every time comes in as a parameter from the service's clock.
import type { OfferableCategory, PromoCodeKind, TicketCategory } from '@sports/contracts';
import type { NamedStatement, Queryable } from '../db';
import { liveOrderSql } from '../db/event-sql';
import { LINE_BASE_PRICE } from '../orders/line-sql';
import type { PricedLine } from '../orders/pricing';

export interface HeldForChoices {
  event_id: number;
  section_id: number;
  status: string;
  expires_at: Date;
  paying: boolean;
  event_cancelled: boolean;
  /** Its seats, ascending, and each one's base price (pesos). */
  seats: number[];
  base_prices: number[];
  /** Some seat of it carries an ID number now. */
  has_id_numbers: boolean;
  /** The categories its event offers besides Regular; percent null: the law's. */
  offered: { category: OfferableCategory; percent: number | null }[];
}

/**
 * The user's order with its seats and its event's categories, its row locked as payment locks it
 * (NOWAIT: a payment holding it is answered at once); null when it is not theirs. Read after the
 * lock, in a statement of its own, so it sees what the lock's last holder committed.
 */
export async function lockOrderForChoices(db: Queryable, orderId: number, userId: number): Promise<HeldForChoices | null> {
  const locked = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE NOWAIT', [orderId, userId]);
  if (locked.rowCount !== 1) return null;
  return readHeldForChoices(db, orderId);
}

const READ_HELD_FOR_CHOICES: NamedStatement = {
  name: 'order-held-for-choices',
  text: `SELECT o.event_id, o.section_id, o.status, o.expires_at, o.pending_attempt_id IS NOT NULL AS paying,
                EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id AND e.cancelled_at IS NOT NULL) AS event_cancelled,
                l.seats, l.base_prices, l.has_id_numbers,
                ARRAY(SELECT json_build_object('category', c.category, 'percent', c.discount_percent::float8)
                      FROM event_ticket_categories c WHERE c.event_id = o.event_id) AS offered
         FROM orders o
         CROSS JOIN LATERAL (
           SELECT array_agg(s.seat_number ORDER BY s.seat_number) AS seats,
                  array_agg(${LINE_BASE_PRICE}::float8 ORDER BY s.seat_number) AS base_prices,
                  coalesce(bool_or(s.id_number IS NOT NULL), false) AS has_id_numbers
           FROM order_seats s WHERE s.order_id = o.id
         ) l
         WHERE o.id = $1`,
};

/** Order `orderId` with its seats and its event's categories; the caller has locked its row. */
export async function readHeldForChoices(db: Queryable, orderId: number): Promise<HeldForChoices | null> {
  const { rows } = await db.query<HeldForChoices>(READ_HELD_FOR_CHOICES, [orderId]);
  return rows[0] ?? null;
}

export interface PromoCodeRow {
  id: number;
  kind: PromoCodeKind;
  value: number;
  section_ids: number[] | null;
  categories: TicketCategory[] | null;
  max_uses: number | null;
  per_account: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  /** Live orders carrying it, other than the one being priced: all of them, and the user's. */
  uses: number;
  uses_by_user: number;
}

const PROMO_CODE_COLUMNS = 'pc.id, pc.kind, pc.value::float8 AS value, pc.section_ids, pc.categories, pc.max_uses, pc.per_account, pc.valid_from, pc.valid_until';

const FIND_PROMO_CODE: NamedStatement = {
  name: 'promo-code-find',
  text: `SELECT ${PROMO_CODE_COLUMNS} FROM promo_codes pc WHERE pc.event_id = $1 AND pc.code = $2`,
};

const LOCK_PROMO_CODE: NamedStatement = { name: 'promo-code-lock', text: 'SELECT 1 FROM promo_codes WHERE id = $1 FOR UPDATE' };

const PROMO_CODE_USES: NamedStatement = {
  name: 'promo-code-uses',
  text: `SELECT ${PROMO_CODE_COLUMNS}, count(o.id)::int AS uses, count(o.id) FILTER (WHERE o.user_id = $3)::int AS uses_by_user
         FROM promo_codes pc
         LEFT JOIN orders o ON o.promo_code_id = pc.id AND o.id <> $2 AND ${liveOrderSql('$4')}
         WHERE pc.id = $1
         GROUP BY pc.id`,
};

/**
 * The event's promo code `code` with its live uses apart from order `orderId`. A code with a limit
 * is locked until the commit before its uses are counted: two buyers redeeming the last use take
 * turns, and the second counts the first. A code with no limit needs no count, so its redemptions
 * do not take turns.
 */
export async function lockPromoCode(db: Queryable, p: { eventId: number; code: string; orderId: number; userId: number; now: Date }): Promise<PromoCodeRow | null> {
  const found = (await db.query<Omit<PromoCodeRow, 'uses' | 'uses_by_user'>>(FIND_PROMO_CODE, [p.eventId, p.code])).rows[0];
  if (!found) return null;
  if (found.max_uses === null && found.per_account === null) return { ...found, uses: 0, uses_by_user: 0 };
  // Two statements, not one: the uses must be counted from a snapshot taken after the lock was
  // granted. One statement would count from its own start, before a redemption it waited for.
  await db.query(LOCK_PROMO_CODE, [found.id]);
  const { rows } = await db.query<PromoCodeRow>(PROMO_CODE_USES, [found.id, p.orderId, p.userId, p.now]);
  return rows[0] ?? null;
}

/** Whether some other event has a promo code `code` (a buyer who typed it at the wrong event is told so). */
export async function promoCodeOfOtherEvent(db: Queryable, eventId: number, code: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM promo_codes WHERE code = $1 AND event_id <> $2 LIMIT 1', [code, eventId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Holds of the event whose time is up but that no sweep has expired yet and whose seats carry one
 * of these ID numbers: expired now (orders being paid never are), so their ID numbers are free.
 */
export async function expireDueHoldsWithIdNumbers(db: Queryable, eventId: number, idNumbers: string[], now: Date): Promise<void> {
  if (idNumbers.length === 0) return;
  await db.query(
    `WITH due AS (
       SELECT o.id FROM orders o
       WHERE o.id IN (SELECT s.order_id FROM order_seats s WHERE s.event_id = $1 AND s.id_number = ANY ($2::text[]) AND s.live)
         AND o.status = 'held' AND o.expires_at <= $3 AND o.pending_attempt_id IS NULL
       ORDER BY o.id
       FOR UPDATE OF o SKIP LOCKED
     ), expired AS (
       UPDATE orders o SET status = 'expired' FROM due WHERE o.id = due.id RETURNING o.id
     )
     UPDATE order_seats s SET live = false FROM expired WHERE s.order_id = expired.id AND s.live`,
    [eventId, idNumbers, now],
  );
}

const WRITE_PRICED_ORDER: NamedStatement = {
  name: 'order-write-priced',
  text: `WITH lines AS (
           UPDATE order_seats s
           SET category = l.category, id_number = l.id_number, base_price = l.base_price, discount = l.discount, discount_kind = l.discount_kind, price = l.price
           FROM unnest($2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::text[], $8::numeric[])
                AS l(seat, category, id_number, base_price, discount, discount_kind, price)
           WHERE s.order_id = $1 AND s.seat_number = l.seat
         )
         UPDATE orders SET total_amount = $9, promo_code_id = $10 WHERE id = $1`,
};

/**
 * The seats' categories, ID numbers and amounts, the order's total and promo code, in one
 * statement. `clearFirst` (its seats carry ID numbers now): they are cleared before, so ID
 * numbers moving between the order's own seats do not meet themselves in the unique index.
 */
export async function writePricedOrder(
  db: Queryable,
  orderId: number,
  p: { lines: readonly (PricedLine & { idNumber: string | null })[]; total: number; promoCodeId: number | null; clearFirst: boolean },
): Promise<void> {
  if (p.clearFirst) {
    await db.query(
      `UPDATE order_seats SET category = 'regular', id_number = NULL, base_price = NULL, discount = NULL, discount_kind = NULL, price = NULL
       WHERE order_id = $1 AND id_number IS NOT NULL`,
      [orderId],
    );
  }
  await db.query(WRITE_PRICED_ORDER, [
    orderId,
    p.lines.map((l) => l.seat),
    p.lines.map((l) => l.category),
    p.lines.map((l) => l.idNumber),
    p.lines.map((l) => l.basePrice),
    p.lines.map((l) => l.discount),
    p.lines.map((l) => l.discountKind),
    p.lines.map((l) => l.price),
    p.total,
    p.promoCodeId,
  ]);
}
