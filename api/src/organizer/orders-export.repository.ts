import type { DiscountKind, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { LINE_BASE_PRICE, LINE_DISCOUNT, LINE_PRICE } from '../orders/line-sql';
import { SECTION_LAYOUT } from '../orders/order.repository';
import type { SectionLayoutRow } from '../orders/order.repository';

export interface SoldLineRow extends SectionLayoutRow {
  order_id: number;
  /** Asia/Manila, YYYY-MM-DD HH24:MI. */
  paid_local: string;
  first_name: string;
  last_name: string;
  section: string;
  seats: number[];
  category: TicketCategory;
  /** Pesos with two decimals, as text (exact). */
  base_price: string;
  discount: string;
  discount_kind: DiscountKind | null;
  promo_code: string | null;
  price: string;
  refund_state: 'pending' | 'refunded' | null;
}

/**
 * Every sold ticket (one per seat) of the event ($1), which must be the organizer's ($2): paid
 * orders and those refunded since, by payment time, then order and seat; at most `limit`.
 */
export async function findSoldLines(db: Queryable, eventId: number, organizerId: number, limit: number): Promise<SoldLineRow[]> {
  const { rows } = await db.query<SoldLineRow>(
    `SELECT o.id AS order_id, to_char(o.paid_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD HH24:MI') AS paid_local,
            u.first_name, u.last_name, sec.label AS section, ${SECTION_LAYOUT}, ARRAY[s.seat_number] AS seats,
            s.category, to_char(${LINE_BASE_PRICE}, 'FM9999999990.00') AS base_price, to_char(${LINE_DISCOUNT}, 'FM9999999990.00') AS discount,
            s.discount_kind, pc.code AS promo_code, to_char(${LINE_PRICE}, 'FM9999999990.00') AS price, r.state AS refund_state
     FROM orders o
     JOIN events e ON e.id = o.event_id
     JOIN order_seats s ON s.order_id = o.id
     JOIN users u ON u.id = o.user_id
     JOIN sections sec ON sec.id = o.section_id
     LEFT JOIN promo_codes pc ON pc.id = o.promo_code_id
     LEFT JOIN refunds r ON r.order_id = o.id
     WHERE o.event_id = $1 AND e.organizer_user_id = $2 AND o.paid_at IS NOT NULL
     ORDER BY o.paid_at, o.id, s.seat_number
     LIMIT $3`,
    [eventId, organizerId, limit],
  );
  return rows;
}
