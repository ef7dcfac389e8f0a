// What must hold for an event's seats and orders after any crash, lost connection or restart.
// The fault tests and bench/booking-faults.mjs judge every run with it; it only reads.
import type { Queryable } from '../db';

export interface SectionCount {
  sectionId: number;
  capacity: number;
  /** Live seats of paid orders. */
  sold: number;
  /**
   * Live seats of every other order: holds (being paid or not, past their time or not: until
   * swept they are live), and any live seat an expired order kept (a violation of its own).
   */
  held: number;
  /** Seats 1..capacity without a live row. */
  free: number;
}

export interface InvariantReport {
  sections: SectionCount[];
  /** Every broken rule, with the rows that break it; must be empty. */
  violations: string[];
}

/**
 * For every section of the event: sold + held + free = capacity (no seat live twice, none outside
 * the section). No order without its seats and no live seat without its order: a held or paid order
 * has exactly seat_count live seats, an expired one none, and every order has seat_count seat rows.
 * Payments: a paid order has its ticket and exactly one settled 'paid' attempt; an order being paid
 * points at a pending attempt of its own; no attempt is 'paid' for an order that is not.
 */
export async function checkBookingInvariants(db: Queryable, eventId: number): Promise<InvariantReport> {
  const { rows: sections } = await db.query<SectionCount>(
    `SELECT sec.id AS "sectionId", sec.capacity,
            count(*) FILTER (WHERE o.status = 'paid')::int AS sold,
            count(*) FILTER (WHERE o.status <> 'paid')::int AS held,
            (sec.capacity - count(DISTINCT s.seat_number) FILTER (WHERE s.seat_number BETWEEN 1 AND sec.capacity))::int AS free
     FROM sections sec
     LEFT JOIN order_seats s ON s.section_id = sec.id AND s.event_id = $1 AND s.live
     LEFT JOIN orders o ON o.id = s.order_id
     WHERE sec.id IN (SELECT section_id FROM orders WHERE event_id = $1)
     GROUP BY sec.id, sec.capacity ORDER BY sec.id`,
    [eventId],
  );
  const violations: string[] = [];
  for (const c of sections) {
    if (c.sold + c.held + c.free !== c.capacity) violations.push(`section ${c.sectionId}: sold ${c.sold} + held ${c.held} + free ${c.free} != capacity ${c.capacity}`);
  }
  const rules: [string, string][] = [
    [
      'live seats of a held or paid order != seat_count, or an expired order with live seats',
      `SELECT o.id, o.status, o.seat_count, count(s.*) FILTER (WHERE s.live)::int AS live
       FROM orders o LEFT JOIN order_seats s ON s.order_id = o.id
       WHERE o.event_id = $1 GROUP BY o.id
       HAVING count(s.*) FILTER (WHERE s.live) <> CASE WHEN o.status = 'expired' THEN 0 ELSE o.seat_count END`,
    ],
    ['an order whose seat rows are not seat_count', `SELECT o.id FROM orders o WHERE o.event_id = $1 AND o.seat_count <> (SELECT count(*) FROM order_seats s WHERE s.order_id = o.id)`],
    ['a live seat whose order is not held or paid', `SELECT s.order_id, s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id WHERE s.event_id = $1 AND s.live AND o.status NOT IN ('held', 'paid')`],
    [
      'a paid order without one ticket per seat or without exactly one paid attempt',
      `SELECT o.id FROM orders o WHERE o.event_id = $1 AND o.status = 'paid'
         AND ((SELECT count(*) FROM tickets t WHERE t.order_id = o.id) <> o.seat_count
              OR (SELECT count(*) FROM payment_attempts a WHERE a.order_id = o.id AND a.state = 'paid') <> 1)`,
    ],
    [
      'an order being paid whose attempt is not its own pending one',
      `SELECT o.id FROM orders o LEFT JOIN payment_attempts a ON a.id = o.pending_attempt_id
       WHERE o.event_id = $1 AND o.pending_attempt_id IS NOT NULL AND (a.order_id IS DISTINCT FROM o.id OR a.state <> 'pending')`,
    ],
    [
      'a pending attempt its order does not point at, or a paid attempt of an unpaid order',
      `SELECT a.id FROM payment_attempts a JOIN orders o ON o.id = a.order_id
       WHERE o.event_id = $1 AND ((a.state = 'pending' AND o.pending_attempt_id IS DISTINCT FROM a.id) OR (a.state = 'paid' AND o.status <> 'paid'))`,
    ],
  ];
  for (const [rule, sql] of rules) {
    const { rows } = await db.query(sql, [eventId]);
    if (rows.length) violations.push(`${rule}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` (${rows.length} in all)` : ''}`);
  }
  return { sections, violations };
}
