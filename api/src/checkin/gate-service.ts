// The offline gate (organizer-mfe's /organizer/gate): the copy of an event's tickets a gate keeps,
// and the sync of what it admitted while it had no network. A sync is one transaction; the syncs
// of one event take turns. Each scan id is applied once (a retried sync reads the first outcome).
// A scan the gate refused from its copy is only logged (ticket.checkin_refused with its answer), as
// is an admission of a ticket the event does not have or whose order no longer admits.
// A ticket gets the check-in of its first scan: a scan admitted where none exists checks it in
// (method 'gate', at the scan's time, gate = the device's name); where one exists from another
// gate, an online scan or by hand, the earlier of the two stands and the audit trail gets a
// 'ticket.checkin_conflict' naming both gates and times.
import { formatManilaClockAndDay, formatTicketCode } from '@sports/contracts';
import type { GateRefusal, GateScanOutcome, GateSnapshotResponse, GateSyncRequest, GateSyncResponse, GateSyncResult, GateTicket } from '@sports/contracts';
import { logActions } from '../audit/log-action';
import type { AuditTrailEntry } from '../audit/log-action';
import { AppError, notFound } from '../errors';
import { ORDER_STATE } from '../orders/order-states';
import { seatNamesOf } from '../orders/order-summary';
import { orderRefusal } from './checkin.service';
import type { CheckinDeps } from './checkin.service';
import * as repo from './gate-repository';
import type { CheckinRow, GateCheckin, ScanRecord, ScanTicketRow } from './gate-repository';

export const GATE_MESSAGES = { eventNotFound: 'Event not found' } as const;

const seatNameOf = (row: Pick<ScanTicketRow, 'seat' | 'section_capacity' | 'section_level' | 'section_rows'>): string =>
  seatNamesOf({ seats: [row.seat], section_capacity: row.section_capacity, section_level: row.section_level, section_rows: row.section_rows })[0] ?? String(row.seat);

/** GET /api/organizer/events/:id/gate */
export async function gateSnapshot(deps: CheckinDeps, organizerId: number, eventId: number): Promise<GateSnapshotResponse> {
  const event = await repo.findGateEvent(deps.db, eventId, organizerId);
  if (!event) throw notFound(GATE_MESSAGES.eventNotFound);
  const rows = await repo.findGateTickets(deps.db, eventId);
  const legacyOrders: Record<string, string[]> = {};
  const tickets: GateTicket[] = rows.map((r) => {
    if (r.order_ticket_id && r.buyers) (legacyOrders[r.order_ticket_id] ??= []).push(r.ticket_id);
    return {
      ticketId: r.ticket_id,
      code: formatTicketCode(r.code),
      seat: r.seat,
      seatName: seatNameOf(r),
      section: r.section_label,
      holder: `${r.first_name} ${r.last_name}`,
      category: r.category,
      status: r.order_status === ORDER_STATE.paid ? 'valid' : r.order_status,
      checkedInAt: r.checked_in_at?.toISOString() ?? null,
      gate: r.gate,
    };
  });
  return {
    success: true,
    event: { id: event.id, name: event.title },
    window: { opensAt: event.doors_open_at.toISOString(), closesAt: event.doors_close_at.toISOString() },
    publicKey: deps.signer.publicKeyPem,
    tickets,
    legacyOrders,
    syncedAt: deps.clock.now().toISOString(),
  };
}

/** Where a check-in was made, as the log says it. */
function placeOf(c: { method: string; gate: string | null }): string {
  if (c.gate) return c.gate;
  return c.method === 'hand' ? 'by hand on the list' : 'an online scan';
}

interface Fresh {
  scanId: string;
  /** null for a refusal that named no ticket. */
  ticketId: string | null;
  /** The gate's answer when it refused the scan. */
  refused: GateRefusal | null;
  at: Date;
  override: boolean;
}

/** POST /api/organizer/events/:id/gate/scans */
export async function syncGateScans(deps: CheckinDeps, organizerId: number, eventId: number, input: GateSyncRequest, ip: string): Promise<GateSyncResponse> {
  const now = deps.clock.now();
  const device = input.device;
  return deps.db.withTransaction(async (tx) => {
    if (!(await repo.lockOwnEventForSync(tx, eventId, organizerId))) throw notFound(GATE_MESSAGES.eventNotFound);
    const named = input.scans.flatMap((s) => (s.ticketId === undefined ? [] : [s.ticketId]));
    const { synced, tickets } = await repo.classifyScans(tx, eventId, input.scans.map((s) => s.scanId), [...new Set(named)]);

    const outcomes = new Map<string, GateScanOutcome>();
    // A scan id seen before (in an earlier sync, or twice in this one) is not applied again.
    const seen = new Set(synced);
    const fresh: Fresh[] = [];
    for (const s of input.scans) {
      if (seen.has(s.scanId)) {
        if (!outcomes.has(s.scanId)) outcomes.set(s.scanId, 'duplicate');
        continue;
      }
      seen.add(s.scanId);
      // A gate's clock ahead of ours does not put a scan in the future.
      const at = new Date(Math.min(Date.parse(s.at), now.getTime()));
      fresh.push({ scanId: s.scanId, ticketId: s.ticketId ?? null, refused: s.refused ?? null, at, override: s.override ?? false });
    }

    const audit: AuditTrailEntry[] = [];
    const trailOf = (s: Fresh) => {
      const t = tickets.get(s.ticketId as string) as ScanTicketRow;
      return { subject: { eventId, orderId: t.order_id }, seatNames: [seatNameOf(t)] };
    };
    /** A refusal in the trail: the gate's, or the sync's own when the event has no such ticket or its order no longer admits. */
    const refusal = (s: Fresh, result: GateRefusal) => {
      const known = s.ticketId !== null && tickets.has(s.ticketId);
      audit.push({
        at: s.at,
        actorId: organizerId,
        action: 'ticket.checkin_refused',
        subject: known ? trailOf(s).subject : { eventId: null, orderId: null },
        ip,
        data: {
          result,
          ticket_id: s.ticketId,
          seat_names: known ? trailOf(s).seatNames : [],
          selected_event_id: eventId,
          method: 'gate',
          gate: device,
          scan_id: s.scanId,
          ...(s.override ? { override: true } : {}),
        },
      });
    };

    // The scans that may check their ticket in, earliest first per ticket.
    const byTicket = new Map<string, Fresh[]>();
    for (const s of fresh) {
      const t = s.ticketId === null ? undefined : tickets.get(s.ticketId);
      if (s.refused) {
        outcomes.set(s.scanId, 'logged');
        refusal(s, s.refused);
      } else if (!t || s.ticketId === null) {
        outcomes.set(s.scanId, 'not_found');
        refusal(s, 'not_found');
      } else if (t.order_status !== ORDER_STATE.paid) {
        outcomes.set(s.scanId, 'refused');
        refusal(s, (orderRefusal(t.order_status)?.result ?? 'not_paid') as GateRefusal);
      } else byTicket.set(s.ticketId, [...(byTicket.get(s.ticketId) ?? []), s]);
    }
    /** Each ticket's check-in as the answer gives it: as locked, then as this sync leaves it. */
    const state = new Map<string, { at: Date; gate: string | null }>();

    const conflict = (s: Fresh, other: CheckinRow, ours: 'earlier' | 'later') => {
      const mine = { place: device, at: s.at };
      const theirs = { place: placeOf(other), at: other.checked_in_at };
      const [first, second] = ours === 'earlier' ? [mine, theirs] : [theirs, mine];
      const { subject, seatNames } = trailOf(s);
      audit.push({
        at: now,
        actorId: organizerId,
        action: 'ticket.checkin_conflict',
        subject,
        ip,
        data: {
          ticket_id: s.ticketId,
          seat_names: seatNames,
          selected_event_id: eventId,
          method: 'gate',
          gate: device,
          scan_id: s.scanId,
          first: { gate: first.place, at: first.at.toISOString() },
          second: { gate: second.place, at: second.at.toISOString() },
          detail: `Admitted at ${first.place} at ${formatManilaClockAndDay(first.at)} and at ${second.place} at ${formatManilaClockAndDay(second.at)}: the first (${first.place}) stands.`,
        },
      });
    };

    let open = [...byTicket.keys()];
    const earlier: GateCheckin[] = [];
    // The tickets of retried scans are read too (locked with the rest), for the answer.
    const answerOnly = [...tickets.keys()].filter((id) => !byTicket.has(id));
    // Three rounds at most: a ticket checked in online between our lock and our insert is looked at again.
    for (let round = 0; round < 3 && (open.length > 0 || (round === 0 && answerOnly.length > 0)); round += 1) {
      const locked = await repo.lockCheckins(tx, round === 0 ? [...open, ...answerOnly] : open);
      for (const c of locked) state.set(c.ticket_id, { at: c.checked_in_at, gate: c.gate });
      const existing = new Map(locked.map((c) => [c.ticket_id, c]));
      const toInsert: Array<{ checkin: GateCheckin; scan: Fresh }> = [];
      for (const ticketId of open) {
        const [first, ...rest] = (byTicket.get(ticketId) ?? []).sort((a, b) => a.at.getTime() - b.at.getTime() || a.scanId.localeCompare(b.scanId));
        if (!first) continue;
        for (const s of rest) outcomes.set(s.scanId, 'same_gate');
        const other = existing.get(ticketId);
        if (!other) toInsert.push({ checkin: { ticketId, at: first.at, override: first.override }, scan: first });
        else if (other.method === 'gate' && other.gate === device) outcomes.set(first.scanId, 'same_gate');
        else if (first.at < other.checked_in_at) {
          outcomes.set(first.scanId, 'earlier');
          earlier.push({ ticketId, at: first.at, override: first.override });
          conflict(first, other, 'earlier');
        } else {
          outcomes.set(first.scanId, 'later');
          conflict(first, other, 'later');
        }
      }
      const inserted = new Set(await repo.insertGateCheckins(tx, toInsert.map((i) => i.checkin), organizerId, device));
      for (const { checkin, scan } of toInsert) {
        if (!inserted.has(checkin.ticketId)) continue;
        outcomes.set(scan.scanId, 'checked_in');
        state.set(checkin.ticketId, { at: scan.at, gate: device });
        const { subject, seatNames } = trailOf(scan);
        audit.push({
          at: scan.at,
          actorId: organizerId,
          action: 'ticket.checked_in',
          subject,
          ip,
          data: { ticket_id: scan.ticketId, seat_names: seatNames, selected_event_id: eventId, method: 'gate', gate: device, scan_id: scan.scanId, ...(scan.override ? { override: true } : {}) },
        });
      }
      open = toInsert.filter((i) => !inserted.has(i.checkin.ticketId)).map((i) => i.checkin.ticketId);
    }
    // Still contended after three rounds: the tickets' check-ins keep changing under us; the gate sends them again.
    if (open.length > 0) throw new AppError(409, 'Tickets changed while they were synced. Sync again.');
    await repo.replaceWithEarlier(tx, earlier, organizerId, device);
    for (const e of earlier) state.set(e.ticketId, { at: e.at, gate: device });

    const records: ScanRecord[] = fresh.map((s) => ({ ...s, outcome: outcomes.get(s.scanId) as ScanRecord['outcome'] }));
    await repo.insertScans(tx, eventId, device, organizerId, now, records);
    await logActions(tx, audit);

    const results: GateSyncResult[] = input.scans.map((s) => {
      const c = s.ticketId === undefined ? undefined : state.get(s.ticketId);
      return { scanId: s.scanId, ticketId: s.ticketId ?? null, outcome: outcomes.get(s.scanId) ?? 'duplicate', checkedInAt: c?.at.toISOString() ?? null, gate: c?.gate ?? null };
    });
    return { success: true, results, conflicts: results.filter((r) => r.outcome === 'earlier' || r.outcome === 'later').length, syncedAt: now.toISOString() };
  });
}
