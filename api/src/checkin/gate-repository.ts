// SQL of the offline gate: an event's tickets for the gate's copy, and the sync of its scans,
// each statement over all the scans of a call at once (arrays, unnest).
import type { Queryable } from '../db';
import { EVENT_DOORS } from '../db/event-sql';
import { SECTION_LAYOUT } from '../orders/order.repository';
import type { SectionLayoutRow } from '../orders/order.repository';
import { TICKET_STATE } from '../orders/ticket-admission';
import type { GateScanOutcome, TicketCategory } from '@sports/contracts';

export interface GateEventRow {
  id: number;
  title: string;
  doors_open_at: Date;
  doors_close_at: Date;
}

/** One of the caller's events with its check-in window; null when it is not theirs. */
export async function findGateEvent(db: Queryable, eventId: number, organizerId: number): Promise<GateEventRow | null> {
  const { rows } = await db.query<GateEventRow>(
    `SELECT e.id, e.title,
            ${EVENT_DOORS}
     FROM events e WHERE e.id = $1 AND e.organizer_user_id = $2`,
    [eventId, organizerId],
  );
  return rows[0] ?? null;
}

export interface GateTicketRow extends SectionLayoutRow {
  ticket_id: string;
  code: string;
  seat: number;
  order_id: number;
  /** Whether it admits: TICKET_STATE ('valid', or the reason it does not). */
  state: string;
  /** The order's one QR from before tickets per seat (null for orders paid since). */
  order_ticket_id: string | null;
  /** Held by the order's buyer (not given to someone): the order's one QR admits it. */
  buyers: boolean;
  category: TicketCategory;
  section_label: string;
  first_name: string;
  last_name: string;
  checked_in_at: Date | null;
  gate: string | null;
}

/** Every ticket of the event that was not given away, in order and seat order, with its holder and check-in. */
export async function findGateTickets(db: Queryable, eventId: number): Promise<GateTicketRow[]> {
  const { rows } = await db.query<GateTicketRow>(
    `SELECT t.id AS ticket_id, t.code, t.seat_number AS seat, o.id AS order_id, ${TICKET_STATE} AS state, o.ticket_id AS order_ticket_id, t.holder_user_id IS NULL AS buyers,
            ts.category, sec.label AS section_label, ${SECTION_LAYOUT}, u.first_name, u.last_name, c.checked_in_at, c.gate
     FROM orders o
     JOIN events e ON e.id = o.event_id
     JOIN tickets t ON t.order_id = o.id
     JOIN order_seats ts ON ts.order_id = t.order_id AND ts.seat_number = t.seat_number
     JOIN sections sec ON sec.id = o.section_id
     JOIN users u ON u.id = coalesce(t.holder_user_id, o.user_id)
     LEFT JOIN ticket_checkins c ON c.ticket_id = t.id
     WHERE o.event_id = $1 AND t.transferred_at IS NULL
     ORDER BY o.id, t.seat_number`,
    [eventId],
  );
  return rows;
}

/**
 * One of the caller's events, locked for a gate sync until the transaction ends: the syncs of one
 * event take turns (two gates syncing at once). A sync may wait for another gate's (5,000 scans
 * take about a second) longer than a request waits for a row lock elsewhere: this transaction's
 * lock and statement timeouts are raised to SYNC_WAIT first. Returns its check-in window and when
 * the gate took its copy (in the same statement: the sync is on the online scan's path); null when
 * the event is not theirs.
 */
const SYNC_WAIT = '15s';
export interface SyncEventRow {
  doors_open_at: Date;
  doors_close_at: Date;
  /**
   * When `device` first took a copy of the event; when it never did under that name (named after
   * its copy, or before downloads were recorded), the first copy any gate took; null when none did.
   */
  downloaded_at: Date | null;
}
export async function lockOwnEventForSync(db: Queryable, eventId: number, organizerId: number, device: string): Promise<SyncEventRow | null> {
  const { rows } = await db.query<SyncEventRow>(
    `SELECT set_config('lock_timeout', $3, true), set_config('statement_timeout', $3, true), pg_advisory_xact_lock(hashtext('gate-sync'), e.id),
            ${EVENT_DOORS},
            (SELECT coalesce(min(d.first_at) FILTER (WHERE d.device = $4), min(d.first_at)) FROM gate_downloads d WHERE d.event_id = e.id) AS downloaded_at
     FROM events e WHERE e.id = $1 AND e.organizer_user_id = $2`,
    [eventId, organizerId, SYNC_WAIT, device],
  );
  const row = rows[0];
  return row ? { doors_open_at: row.doors_open_at, doors_close_at: row.doors_close_at, downloaded_at: row.downloaded_at } : null;
}

/** Notes that `device` ('' when unnamed) took a copy of the event at `at` (the server's clock); its first time stays. */
export async function recordDownload(db: Queryable, eventId: number, device: string, at: Date, by: number): Promise<void> {
  await db.query(
    `INSERT INTO gate_downloads (event_id, device, first_at, last_at, last_by) VALUES ($1, $2, $3, $3, $4)
     ON CONFLICT (event_id, device) DO UPDATE SET last_at = excluded.last_at, last_by = excluded.last_by`,
    [eventId, device, at, by],
  );
}

export interface ScanTicketRow extends SectionLayoutRow {
  ticket_id: string;
  order_id: number;
  state: string;
  seat: number;
}

/** In one statement: which of these scan ids were synced before (a retried sync), and which ticket ids are the event's tickets. */
export async function classifyScans(db: Queryable, eventId: number, scanIds: string[], ticketIds: string[]): Promise<{ synced: Set<string>; tickets: Map<string, ScanTicketRow> }> {
  const { rows } = await db.query<ScanTicketRow & { kind: 'scan' | 'ticket' }>(
    `SELECT 'scan' AS kind, g.scan_id::text AS ticket_id, NULL::int AS order_id, NULL::text AS state, NULL::int AS seat,
            NULL::int AS section_capacity, NULL::text AS section_level, NULL::int AS section_rows
     FROM gate_scans g WHERE g.scan_id = ANY ($1::uuid[])
     UNION ALL
     SELECT 'ticket', t.id, o.id, ${TICKET_STATE}, t.seat_number, sec.capacity, sec.level::text, sec.seat_rows::int
     FROM tickets t JOIN orders o ON o.id = t.order_id JOIN events e ON e.id = o.event_id JOIN sections sec ON sec.id = o.section_id
     WHERE t.id = ANY ($2::text[]) AND o.event_id = $3`,
    [scanIds, ticketIds, eventId],
  );
  const synced = new Set<string>();
  const tickets = new Map<string, ScanTicketRow>();
  for (const { kind, ...row } of rows) {
    if (kind === 'scan') synced.add(row.ticket_id);
    else tickets.set(row.ticket_id, row);
  }
  return { synced, tickets };
}

export interface CheckinRow {
  ticket_id: string;
  checked_in_at: Date;
  method: string;
  gate: string | null;
}

/** The check-ins of these tickets, locked until the transaction ends (in ticket order: one lock order for everyone). */
export async function lockCheckins(db: Queryable, ticketIds: string[]): Promise<CheckinRow[]> {
  const { rows } = await db.query<CheckinRow>(
    'SELECT ticket_id, checked_in_at, method, gate FROM ticket_checkins WHERE ticket_id = ANY ($1::text[]) ORDER BY ticket_id FOR UPDATE',
    [ticketIds],
  );
  return rows;
}

export interface GateCheckin {
  ticketId: string;
  at: Date;
  override: boolean;
}

/** New check-ins made at `gate`; returns the tickets inserted (a ticket checked in meanwhile by a scan online is left out). */
export async function insertGateCheckins(db: Queryable, checkins: readonly GateCheckin[], organizerId: number, gate: string): Promise<string[]> {
  if (checkins.length === 0) return [];
  const { rows } = await db.query<{ ticket_id: string }>(
    `INSERT INTO ticket_checkins (ticket_id, checked_in_at, checked_in_by, method, gate, overridden)
     SELECT i.ticket_id, i.at, $4, 'gate', $5, i.override
     FROM unnest($1::text[], $2::timestamptz[], $3::bool[]) AS i(ticket_id, at, override)
     ORDER BY i.ticket_id
     ON CONFLICT (ticket_id) DO NOTHING
     RETURNING ticket_id`,
    [checkins.map((c) => c.ticketId), checkins.map((c) => c.at), checkins.map((c) => c.override), organizerId, gate],
  );
  return rows.map((r) => r.ticket_id);
}

export interface ScanRecord {
  scanId: string;
  /** null for a refusal that named no ticket. */
  ticketId: string | null;
  at: Date;
  override: boolean;
  outcome: Exclude<GateScanOutcome, 'duplicate'>;
}

export async function insertScans(db: Queryable, eventId: number, device: string, organizerId: number, syncedAt: Date, scans: readonly ScanRecord[]): Promise<void> {
  if (scans.length === 0) return;
  await db.query(
    `INSERT INTO gate_scans (scan_id, event_id, ticket_id, device, scanned_at, override, outcome, synced_at, synced_by)
     SELECT i.scan_id, $6, i.ticket_id, $7, i.at, i.override, i.outcome, $8, $9
     FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[], $5::text[]) AS i(scan_id, ticket_id, at, override, outcome)`,
    [scans.map((s) => s.scanId), scans.map((s) => s.ticketId), scans.map((s) => s.at), scans.map((s) => s.override), scans.map((s) => s.outcome), eventId, device, syncedAt, organizerId],
  );
}
