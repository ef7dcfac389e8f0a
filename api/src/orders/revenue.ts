// Revenue (PRODUCT §11) from the totals of migration 0321 plus the queue's tail: gross (base prices
// of sold tickets), discounts by kind, refunds (what was paid back for the tickets of orders with a
// refund) and net = gross - discounts - refunds. A ticket is sold once its order is paid, and stays
// sold when refunded: its refund is counted apart. Each read is one statement, one snapshot.
import type { RevenueFigures as ContractFigures, TicketCategory } from '@sports/contracts';
import type { Queryable } from '../db';
import { LINE_BASE_PRICE, LINE_DISCOUNT, LINE_PRICE } from './line-sql';

/** Which events: an organizer's (all, or one of them), or every event (the admin). */
export type RevenueScope = { organizerId: number; eventId: number | null } | { all: true };

/**
 * The lines (one per ticket) of the queued sales and refunds in `queue` (a table or CTE with
 * order_id, refund). Each queued order is looked up by its keys (LATERAL ... OFFSET 0 keeps the
 * planner from hashing all the orders and seats for a queue of a few thousand).
 */
const queuedLines = (queue: string): string => `
  SELECT o.event_id, o.section_id, s.category, q.refund,
         ((CASE WHEN q.refund THEN r.created_at ELSE o.paid_at END) AT TIME ZONE 'Asia/Manila')::date AS day,
         ${LINE_BASE_PRICE} AS base, ${LINE_DISCOUNT} AS discount, s.discount_kind, ${LINE_PRICE} AS price
  FROM ${queue} q
  CROSS JOIN LATERAL (SELECT o.id, o.event_id, o.section_id, o.paid_at, o.total_amount, o.seat_count FROM orders o WHERE o.id = q.order_id OFFSET 0) o
  CROSS JOIN LATERAL (SELECT s.category, s.base_price, s.discount, s.discount_kind, s.price FROM order_seats s WHERE s.order_id = q.order_id OFFSET 0) s
  LEFT JOIN LATERAL (SELECT r.created_at FROM refunds r WHERE q.refund AND r.order_id = q.order_id OFFSET 0) r ON true`;

/** revenue_by_line's columns summed over lines; amounts in centavos. */
const LINE_SUMS = `count(*) FILTER (WHERE NOT refund)::int AS tickets,
  (coalesce(sum(base) FILTER (WHERE NOT refund), 0) * 100)::bigint AS gross,
  (coalesce(sum(discount) FILTER (WHERE NOT refund AND discount_kind = 'law'), 0) * 100)::bigint AS law_discount,
  (coalesce(sum(discount) FILTER (WHERE NOT refund AND discount_kind = 'category'), 0) * 100)::bigint AS category_discount,
  (coalesce(sum(discount) FILTER (WHERE NOT refund AND discount_kind = 'code'), 0) * 100)::bigint AS code_discount,
  count(*) FILTER (WHERE refund)::int AS refunded_tickets,
  (coalesce(sum(price) FILTER (WHERE refund), 0) * 100)::bigint AS refunds`;

/** revenue_by_day's columns summed over lines; amounts in centavos. */
const DAY_SUMS = `count(*) FILTER (WHERE NOT refund)::int AS tickets,
  (coalesce(sum(price) FILTER (WHERE NOT refund), 0) * 100)::bigint AS sales,
  (coalesce(sum(price) FILTER (WHERE refund), 0) * 100)::bigint AS refunds`;

/** Centavos summed (`expr`) as pesos for the API. */
const pesos = (expr: string): string => `((${expr}) / 100.0)::float8`;

const addUp = (table: string, columns: readonly string[]): string => columns.map((c) => `${c} = ${table}.${c} + EXCLUDED.${c}`).join(', ');

/**
 * Moves up to `limit` queued sales and refunds into the totals, oldest first, in one statement;
 * answers how many it moved. An order whose seats are not all written yet waits for the next run.
 */
export async function foldRevenueQueue(db: Queryable, limit = 20_000): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH picked AS (
       SELECT q.id FROM revenue_queue q LEFT JOIN orders o ON o.id = q.order_id
       WHERE o.id IS NULL OR o.seat_count = (SELECT count(*) FROM order_seats s WHERE s.order_id = o.id)
       ORDER BY q.id LIMIT $1 FOR UPDATE OF q SKIP LOCKED
     ), taken AS (
       DELETE FROM revenue_queue q USING picked WHERE q.id = picked.id RETURNING q.order_id, q.refund
     ), lines AS MATERIALIZED (${queuedLines('taken')}
     ), by_line AS (
       INSERT INTO revenue_by_line AS t (event_id, section_id, category, tickets, gross, law_discount, category_discount, code_discount, refunded_tickets, refunds)
       SELECT event_id, section_id, category, ${LINE_SUMS} FROM lines GROUP BY event_id, section_id, category
       ON CONFLICT (event_id, section_id, category) DO UPDATE
       SET ${addUp('t', ['tickets', 'gross', 'law_discount', 'category_discount', 'code_discount', 'refunded_tickets', 'refunds'])}
     ), by_day AS (
       INSERT INTO revenue_by_day AS t (event_id, day, tickets, sales, refunds)
       SELECT event_id, day, ${DAY_SUMS} FROM lines GROUP BY event_id, day
       ON CONFLICT (event_id, day) DO UPDATE SET ${addUp('t', ['tickets', 'sales', 'refunds'])}
     )
     SELECT count(*)::int AS n FROM taken`,
    [limit],
  );
  return rows[0]?.n ?? 0;
}

/** Folds until the queue is empty (or only waiting orders are left); answers how many it moved. */
export async function foldAllRevenue(db: Queryable, batch = 20_000): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await foldRevenueQueue(db, batch);
    moved += n;
    if (n < batch) return moved;
  }
}

/** The scope as a condition on `event` (an event id column) and its parameters. */
function scopeSql(scope: RevenueScope, event: string, first: number): { where: string; params: unknown[] } {
  if ('all' in scope) return { where: 'true', params: [] };
  return {
    where: `${event} IN (SELECT e.id FROM events e WHERE e.organizer_user_id = $${first} AND ($${first + 1}::int IS NULL OR e.id = $${first + 1}))`,
    params: [scope.organizerId, scope.eventId],
  };
}

export interface RevenueFigures {
  tickets: number;
  gross: number;
  law_discount: number;
  category_discount: number;
  code_discount: number;
  refunded_tickets: number;
  refunds: number;
  net: number;
}

/** A group of RevenueRow: the whole scope, one event, one section or one category. */
export type RevenueGroup = 'total' | 'event' | 'section' | 'category';

export interface RevenueRow extends RevenueFigures {
  group: RevenueGroup;
  /** The event's or the section's id, for those groups. */
  id: number | null;
  /** The event's title, the section's label, or the category. */
  name: string | null;
}

export interface RevenueDay {
  /** YYYY-MM-DD, Asia/Manila. */
  date: string;
  tickets: number;
  /** Paid for the tickets sold that day (after their discounts). */
  sales: number;
  refunds: number;
}

export interface RevenueReport {
  /** In all, per event, per section and per category (highest net first within each). */
  rows: RevenueRow[];
  /** The last `days` Manila days up to the day of `now`, oldest first, zeros included. */
  days: RevenueDay[];
}

/**
 * The figures of the scope and its days, in one statement: the queue's tail is read once, and the
 * totals and the days agree with each other.
 */
export async function revenueReport(db: Queryable, scope: RevenueScope, now: Date, days: number): Promise<RevenueReport> {
  const { where, params } = scopeSql(scope, 'event_id', 3);
  const { rows } = await db.query<{ rows: RevenueRow[] | null; days: RevenueDay[] }>(
    `WITH tail AS MATERIALIZED (
       SELECT * FROM (${queuedLines('revenue_queue')}) l WHERE ${where}
     ), parts AS (
       SELECT event_id, section_id, category, tickets, gross, law_discount, category_discount, code_discount, refunded_tickets, refunds
       FROM revenue_by_line WHERE ${where}
       UNION ALL
       SELECT event_id, section_id, category, ${LINE_SUMS} FROM tail GROUP BY event_id, section_id, category
     ), grouped AS (
       SELECT CASE WHEN grouping(event_id) = 0 THEN 'event' WHEN grouping(section_id) = 0 THEN 'section'
                   WHEN grouping(category) = 0 THEN 'category' ELSE 'total' END AS "group",
              event_id, section_id, category,
              coalesce(sum(tickets), 0)::int AS tickets, coalesce(sum(gross), 0) AS gross, coalesce(sum(law_discount), 0) AS law_discount,
              coalesce(sum(category_discount), 0) AS category_discount, coalesce(sum(code_discount), 0) AS code_discount,
              coalesce(sum(refunded_tickets), 0)::int AS refunded_tickets, coalesce(sum(refunds), 0) AS refunds
       FROM parts GROUP BY GROUPING SETS ((event_id), (section_id), (category), ())
     ), figures AS (
       SELECT g."group", coalesce(g.event_id, g.section_id) AS id,
              coalesce(e.title, sec.label, g.category) AS name,
              g.tickets, ${pesos('g.gross')} AS gross, ${pesos('g.law_discount')} AS law_discount,
              ${pesos('g.category_discount')} AS category_discount, ${pesos('g.code_discount')} AS code_discount,
              g.refunded_tickets, ${pesos('g.refunds')} AS refunds,
              ${pesos('g.gross - g.law_discount - g.category_discount - g.code_discount - g.refunds')} AS net
       FROM grouped g
       LEFT JOIN events e ON g."group" = 'event' AND e.id = g.event_id
       LEFT JOIN sections sec ON g."group" = 'section' AND sec.id = g.section_id
     ), span AS (
       SELECT ($1::timestamptz AT TIME ZONE 'Asia/Manila')::date - ($2::int - 1) AS first, ($1::timestamptz AT TIME ZONE 'Asia/Manila')::date AS last
     ), day_parts AS (
       SELECT day, tickets, sales, refunds FROM revenue_by_day, span WHERE ${where} AND day BETWEEN span.first AND span.last
       UNION ALL
       SELECT day, ${DAY_SUMS} FROM tail, span WHERE day BETWEEN span.first AND span.last GROUP BY day
     ), by_day AS (
       SELECT d::date AS day, coalesce(sum(p.tickets), 0)::int AS tickets,
              ${pesos('coalesce(sum(p.sales), 0)')} AS sales, ${pesos('coalesce(sum(p.refunds), 0)')} AS refunds
       FROM span, generate_series(span.first, span.last, interval '1 day') d
       LEFT JOIN day_parts p ON p.day = d::date
       GROUP BY d
     )
     SELECT (SELECT json_agg(f ORDER BY f."group", f.net DESC, f.name) FROM figures f) AS rows,
            (SELECT json_agg(json_build_object('date', to_char(b.day, 'YYYY-MM-DD'), 'tickets', b.tickets, 'sales', b.sales, 'refunds', b.refunds) ORDER BY b.day)
             FROM by_day b) AS days`,
    [now, days, ...params],
  );
  const row = rows[0];
  return { rows: row?.rows ?? [], days: row?.days ?? [] };
}

const ZERO: RevenueFigures = { tickets: 0, gross: 0, law_discount: 0, category_discount: 0, code_discount: 0, refunded_tickets: 0, refunds: 0, net: 0 };

/** Figures as the contracts say them (revenueFiguresSchema). */
export function figuresOf(r: RevenueFigures): ContractFigures {
  return {
    tickets: r.tickets,
    gross: r.gross,
    discounts: { law: r.law_discount, category: r.category_discount, code: r.code_discount },
    refundedTickets: r.refunded_tickets,
    refunds: r.refunds,
    net: r.net,
  };
}

/** revenueTotals' rows by group: the total (zeros when nothing sold), events, sections and categories. */
export function splitRevenue(rows: readonly RevenueRow[]): {
  total: ContractFigures;
  events: Array<ContractFigures & { id: number; name: string }>;
  sections: Array<ContractFigures & { id: number; name: string }>;
  categories: Array<ContractFigures & { category: TicketCategory }>;
} {
  const named = (group: RevenueGroup) => rows.filter((r) => r.group === group).map((r) => ({ ...figuresOf(r), id: r.id as number, name: r.name ?? '' }));
  return {
    total: figuresOf(rows.find((r) => r.group === 'total') ?? ZERO),
    events: named('event'),
    sections: named('section'),
    categories: rows.filter((r) => r.group === 'category').map((r) => ({ ...figuresOf(r), category: r.name as TicketCategory })),
  };
}
