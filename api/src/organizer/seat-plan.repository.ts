import type { EventStatus } from '@sports/contracts';
import type { Queryable } from '../db';
import { liveSeatSql } from '../db/event-sql';

export interface PlanRow {
  seat_rows: number;
  seat_columns: number;
  capacity: number;
  section_id: number | null;
  updated_at: Date;
}

export interface PlanTarget {
  status: EventStatus;
  started: boolean;
  cancelled: boolean;
  plan: PlanRow | null;
}

/**
 * The caller's event and its plan. With `lock`, the event row is locked (FOR NO KEY UPDATE: it
 * does not wait for, nor block, bookings that only reference the event) so two plan saves of one
 * event run one after the other.
 */
export async function findPlanTarget(db: Queryable, organizerId: number, eventId: number, now: Date, lock: boolean): Promise<PlanTarget | null> {
  const { rows } = await db.query<{ status: EventStatus; started: boolean; cancelled: boolean; seat_rows: number | null; seat_columns: number | null; capacity: number | null; section_id: number | null; updated_at: Date | null }>(
    `SELECT e.status, e.starts_at <= $3 AS started, e.cancelled_at IS NOT NULL AS cancelled, p.seat_rows, p.seat_columns, p.capacity, p.section_id, p.updated_at
     FROM events e LEFT JOIN event_seat_plans p ON p.event_id = e.id
     WHERE e.id = $2 AND e.organizer_user_id = $1
     ${lock ? 'FOR NO KEY UPDATE OF e' : ''}`,
    [organizerId, eventId, now],
  );
  const r = rows[0];
  if (!r) return null;
  const plan = r.seat_rows !== null && r.seat_columns !== null && r.capacity !== null && r.updated_at !== null
    ? { seat_rows: r.seat_rows, seat_columns: r.seat_columns, capacity: r.capacity, section_id: r.section_id, updated_at: r.updated_at }
    : null;
  return { status: r.status, started: r.started, cancelled: r.cancelled, plan };
}

/**
 * Takes the booking locks of the event's sections, in ascending order and exclusively (book_holds
 * takes them shared): no booking of them runs until this transaction ends, and
 * none is half done.
 */
export async function lockSections(db: Queryable, eventId: number, sectionIds: number[]): Promise<void> {
  for (const id of [...sectionIds].sort((a, b) => a - b)) await db.query('SELECT pg_advisory_xact_lock($1, $2)', [eventId, id]);
}

export async function findArenaSectionIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sections WHERE event_id IS NULL ORDER BY id');
  return rows.map((r) => r.id);
}

export interface ArenaSeatsRow {
  label: string;
  capacity: number;
  level: 'upper' | 'lower';
  seats: number[];
}

/** Seats of the event held (hold running at `now`, or being paid) or sold in the arena's sections, by section in id order. */
export async function findHeldOrSoldArenaSeats(db: Queryable, eventId: number, now: Date): Promise<ArenaSeatsRow[]> {
  const { rows } = await db.query<ArenaSeatsRow>(
    `SELECT sec.label, sec.capacity, sec.level, array_agg(s.seat_number ORDER BY s.seat_number)::int[] AS seats
     FROM order_seats s JOIN orders o ON o.id = s.order_id JOIN sections sec ON sec.id = s.section_id
     WHERE s.event_id = $1 AND sec.event_id IS NULL AND ${liveSeatSql('$2')}
     GROUP BY sec.id ORDER BY sec.id`,
    [eventId, now],
  );
  return rows;
}

/**
 * Seats of the event's plan section that are sold, or held by a hold still running at `now`,
 * ascending, above `above` (0: all of them). Without a plan section (nothing sold on the plan
 * yet) there are none.
 */
export async function findHeldOrSoldPlanSeats(db: Queryable, eventId: number, sectionId: number | null, above: number, now: Date): Promise<number[]> {
  if (sectionId === null) return [];
  const { rows } = await db.query<{ seat_number: number }>(
    `SELECT s.seat_number FROM order_seats s JOIN orders o ON o.id = s.order_id
     WHERE s.event_id = $1 AND s.section_id = $2 AND s.seat_number > $3 AND ${liveSeatSql('$4')}
     ORDER BY s.seat_number`,
    [eventId, sectionId, above, now],
  );
  return rows.map((r) => r.seat_number);
}

export async function upsertPlan(db: Queryable, eventId: number, rows: number, columns: number, organizerId: number, now: Date): Promise<PlanRow> {
  const result = await db.query<PlanRow>(
    `INSERT INTO event_seat_plans (event_id, seat_rows, seat_columns, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (event_id) DO UPDATE SET seat_rows = EXCLUDED.seat_rows, seat_columns = EXCLUDED.seat_columns,
                                          updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING seat_rows, seat_columns, capacity, section_id, updated_at`,
    [eventId, rows, columns, now, organizerId],
  );
  const row = result.rows[0];
  if (!row) throw new Error('seat plan upsert returned nothing');
  return row;
}
