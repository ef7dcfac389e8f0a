// The order as clients and tickets see it: one row per order with its event, section layout and
// seats (OrderRow), read by booking, payment, tickets, mail and check-in alike.
import type { DiscountKind, OrderStatus, PaymentMethod, TicketCategory } from '@sports/contracts';
import type { NamedStatement, Queryable } from '../db';
import { eventDateSql, eventTimeSql } from '../db/event-sql';
import { ORDER_LINES } from './line-sql';

const EVENT_DATE = eventDateSql('e');
const EVENT_TIME = eventTimeSql('e');

/** An order with what its summary shows; `status` is the stored one (see the service). */
export interface OrderRow extends SectionLayoutRow {
  id: number;
  user_id: number;
  status: OrderStatus;
  event_id: number;
  event_title: string;
  event_date: string;
  event_time: string | null;
  section_id: number;
  section_label: string;
  seats: number[];
  total_amount: number;
  /** One per seat, in seat order. */
  lines: LineRow[];
  /** The promo code it carries, as written. */
  promo_code: string | null;
  created_at: Date;
  expires_at: Date;
  /** Its buyer gave the hold back (Release seats) before its time was up; null otherwise. */
  released_at: Date | null;
  payment_method: PaymentMethod | null;
  payment_type: 'full' | null;
  paid_at: Date | null;
  /** The one ticket id of an order paid before tickets were issued per seat; null for later ones. */
  ticket_id: string | null;
  /** Its tickets (paid orders), in seat order. */
  tickets: TicketOfOrder[];
  /** A payment of it is with the provider: still a hold, live until the provider's answer. */
  paying: boolean;
  event_starts_at: Date;
  /** Set when the event was cancelled, with its reason. */
  event_cancelled_at: Date | null;
  event_cancel_reason: string | null;
  /** The event's refund policy: null, no refunds; N, a full refund until N days before the start. */
  refund_days_before: number | null;
  any_checked_in: boolean;
  /** A ticket of it was given to someone (a transfer pending or claimed). */
  any_given: boolean;
  /** Its refund, once one was requested. */
  refund: OrderRefundRow | null;
}

export interface OrderRefundRow {
  amount: number;
  reason: 'event_cancelled' | 'buyer_cancelled';
  state: 'pending' | 'refunded';
  /** ISO instant it was settled. */
  settled_at: string | null;
}

/** A seat's line: its category and amounts (pesos). */
export interface LineRow {
  seat: number;
  category: TicketCategory;
  id_number: string | null;
  base_price: number;
  discount: number;
  discount_kind: DiscountKind | null;
  price: number;
}

export interface TicketOfOrder {
  id: string;
  seat: number;
  code: string;
  /** ISO instant of its check-in, null while not checked in. */
  checked_in_at: string | null;
  /** Who holds it when someone gave it to them; null for the order's buyer. */
  holder_id: number | null;
  /** Given to someone (a transfer is pending or claimed): it no longer admits. */
  transferred: boolean;
  category: TicketCategory;
}

/**
 * The tickets of order `o` (TicketOfOrder as JSON, in seat order) and whether any of them was
 * checked in or given to someone, in one pass over them. A ticket's check-in is looked up by its
 * key: a join let PostgreSQL scan all of ticket_checkins for each order while the table was small.
 */
const ORDER_TICKETS = `SELECT coalesce(json_agg(json_build_object('id', t.id, 'seat', t.seat_number, 'code', t.code, 'checked_in_at', t.checked_in_at,
                                                'holder_id', t.holder_user_id, 'transferred', t.transferred_at IS NOT NULL, 'category', t.category)
                                                ORDER BY t.seat_number, t.transferred_at NULLS LAST), '[]') AS tickets,
         coalesce(bool_or(t.checked_in_at IS NOT NULL), false) AS any_checked_in,
         coalesce(bool_or(t.transferred_at IS NOT NULL OR t.holder_user_id IS NOT NULL), false) AS any_given
  FROM (SELECT t.id, t.seat_number, t.code, t.holder_user_id, t.transferred_at, s.category,
               (SELECT c.checked_in_at FROM ticket_checkins c WHERE c.ticket_id = t.id) AS checked_in_at
        FROM tickets t JOIN order_seats s ON s.order_id = t.order_id AND s.seat_number = t.seat_number WHERE t.order_id = o.id) t`;

/** A section's layout, for seat names: capacity and level (SPEC §9), or its seat plan's rows. */
export interface SectionLayoutRow {
  section_capacity: number;
  section_level: 'upper' | 'lower';
  section_rows: number | null;
}

/** The columns of a section's layout (SectionLayoutRow) for `sec`. */
export const SECTION_LAYOUT = `sec.capacity AS section_capacity, sec.level AS section_level, sec.seat_rows::int AS section_rows`;

const ORDER_SELECT = `
  SELECT o.id, o.user_id, o.status, o.event_id, e.title AS event_title,
         ${EVENT_DATE} AS event_date, ${EVENT_TIME} AS event_time,
         o.section_id, sec.label AS section_label, ${SECTION_LAYOUT},
         ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
         o.total_amount::float8 AS total_amount, ${ORDER_LINES} AS lines,
         (SELECT pc.code FROM promo_codes pc WHERE pc.id = o.promo_code_id) AS promo_code, o.created_at, o.expires_at, o.released_at,
         o.payment_method, o.payment_type, o.paid_at, o.ticket_id, tk.tickets,
         o.pending_attempt_id IS NOT NULL AS paying,
         e.starts_at AS event_starts_at, e.cancelled_at AS event_cancelled_at, e.cancel_reason AS event_cancel_reason, e.refund_days_before,
         tk.any_checked_in, tk.any_given,
         (SELECT json_build_object('amount', r.amount::float8, 'reason', r.reason, 'state', r.state, 'settled_at', r.settled_at)
            FROM refunds r WHERE r.order_id = o.id) AS refund
  FROM orders o
  JOIN events e ON e.id = o.event_id
  JOIN sections sec ON sec.id = o.section_id
  CROSS JOIN LATERAL (${ORDER_TICKETS}) tk`;

// The order reads are prepared (NamedStatement): ORDER_SELECT takes PostgreSQL about 2 ms to plan,
// several times what running it takes, and an order is read on every page and payment.
const ORDER_BY_ID: NamedStatement = { name: 'order-by-id', text: `${ORDER_SELECT} WHERE o.id = $1` };
const ORDERS_BY_IDS: NamedStatement = { name: 'orders-by-ids', text: `${ORDER_SELECT} WHERE o.id = ANY ($1::int[])` };
const ORDERS_OF_USER: NamedStatement = { name: 'orders-of-user', text: `${ORDER_SELECT} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2` };
const LIVE_HOLD: NamedStatement = {
  name: 'order-live-hold',
  text: `${ORDER_SELECT} WHERE o.user_id = $1 AND o.event_id = $2 AND o.status = 'held' AND (o.expires_at > $3 OR o.pending_attempt_id IS NOT NULL)
         ORDER BY o.created_at DESC, o.id DESC LIMIT 1`,
};

export async function findOrder(db: Queryable, orderId: number): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(ORDER_BY_ID, [orderId]);
  return rows[0] ?? null;
}

/** The orders of these ids that exist, by id. */
export async function findOrders(db: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderRow>> {
  const { rows } = await db.query<OrderRow>(ORDERS_BY_IDS, [orderIds]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks the user's order row for a change of its state (the payment's lock); false when it is not theirs. */
export async function lockOrderOfUser(db: Queryable, orderId: number, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE', [orderId, userId]);
  return rowCount === 1;
}

/** A user's orders, newest first (bounded). */
export async function findOrdersOfUser(db: Queryable, userId: number, limit: number): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(ORDERS_OF_USER, [userId, limit]);
  return rows;
}

/**
 * The user's live hold of an event (held and not run out, or being paid), the newest should there
 * be more; null when there is none. Ownership is part of the query.
 */
export async function findLiveHold(db: Queryable, userId: number, eventId: number, now: Date): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(LIVE_HOLD, [userId, eventId, now]);
  return rows[0] ?? null;
}

/**
 * The paid order a QR's ticket id belongs to: a seat's ticket (`perSeat`), or the one ticket id of
 * an order paid before tickets per seat.
 */
export async function findPaidOrderOfTicket(db: Queryable, ticketId: string, perSeat: boolean): Promise<OrderRow | null> {
  const where = perSeat ? 'o.id = (SELECT t.order_id FROM tickets t WHERE t.id = $1)' : 'o.ticket_id = $1';
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE ${where} AND o.status = 'paid'`, [ticketId]);
  return rows[0] ?? null;
}
