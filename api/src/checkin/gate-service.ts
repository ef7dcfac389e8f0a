// The offline gate (organizer-mfe's /organizer/gate): the copy of an event's tickets a gate keeps,
// and the sync of what it admitted while it had no network. A sync is one transaction; the syncs
// of one event take turns. Each scan id is applied once (a retried sync reads the first outcome).
// A scan the gate refused from its own copy is only logged (ticket.checkin_refused with its answer).
// The server keeps the gate's rules (docs/checkin.md): an admission is refused and logged when its
// ticket is not the event's or no longer admits (ticketRefusal), when its time is in the future;
// then, for a ticket not in already, when it falls outside the check-in window with no override,
// or before the gate took its first copy of the event. A scan admitted where no check-in exists checks the ticket in (method 'gate',
// at the scan's time, gate = the device's name); where one exists (another gate, an online scan,
// by hand) it stays as it was, whatever time the gate gives, and the audit trail gets a
// 'ticket.checkin_conflict' naming both gates and times.
import { formatManilaClockAndDay, formatTicketCode, GATE_CLOCK_ALLOWANCE_MS } from '@sports/contracts';
import type { GateRefusal, GateScanOutcome, GateSnapshotResponse, GateSyncRequest, GateSyncResponse, GateSyncResult, GateTicket } from '@sports/contracts';
import { logActions } from '../audit/log-action';
import type { AuditTrailEntry } from '../audit/log-action';
import { AppError, notFound } from '../errors';
import { seatNamesOf } from '../orders/order-summary';
import { placeOf } from './checkin.service';
import { ticketRefusal } from '../orders/ticket-admission';
import type { CheckinDeps } from './checkin.service';
import * as repo from './gate-repository';
import type { CheckinRow, GateCheckin, ScanRecord, ScanTicketRow } from './gate-repository';

export const GATE_MESSAGES = { eventNotFound: 'Event not found' } as const;

const seatNameOf = (row: Pick<ScanTicketRow, 'seat' | 'section_capacity' | 'section_level' | 'section_rows'>): string =>
  seatNamesOf({ seats: [row.seat], section_capacity: row.section_capacity, section_level: row.section_level, section_rows: row.section_rows })[0] ?? String(row.seat);

/**
 * GET /api/organizer/events/:id/gate?device=: the gate's copy. When each gate first took one is
 * recorded by the server's clock: a synced scan dated before it is refused (docs/checkin.md).
 */
export async function gateSnapshot(deps: CheckinDeps, organizerId: number, eventId: number, device: string | undefined): Promise<GateSnapshotResponse> {
  const event = await repo.findGateEvent(deps.db, eventId, organizerId);
  if (!event) throw notFound(GATE_MESSAGES.eventNotFound);
  const now = deps.clock.now();
  await repo.recordDownload(deps.db, eventId, device ?? '', now, organizerId);
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
      status: r.state,
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
    syncedAt: now.toISOString(),
  };
}

interface Fresh {
  scanId: string;
  /** null for a refusal that named no ticket. */
  ticketId: string | null;
  /** The gate's answer when it refused the scan. */
  refused: GateRefusal | null;
  /** When it was scanned: the gate's time, or the sync's when that is a little ahead (GATE_CLOCK_ALLOWANCE_MS). */
  at: Date;
  /** The time the gate gave. */
  claimed: string;
  override: boolean;
}

/**
 * Whether a synced admission may check its ticket in, once the ticket is known not to be in
 * already (docs/checkin.md): outside the check-in window (beyond the allowance) only with its
 * override; and never dated before its gate took its first copy of the event (the server's record).
 */
function admissionRefusal(s: Fresh, doors: { doors_open_at: Date; doors_close_at: Date }, downloaded: Date | null): GateRefusal | null {
  const at = s.at.getTime();
  if (!s.override && at < doors.doors_open_at.getTime() - GATE_CLOCK_ALLOWANCE_MS) return 'too_early';
  if (!s.override && at > doors.doors_close_at.getTime() + GATE_CLOCK_ALLOWANCE_MS) return 'too_late';
  if (!downloaded || at < downloaded.getTime() - GATE_CLOCK_ALLOWANCE_MS) return 'before_download';
  return null;
}

/** POST /api/organizer/events/:id/gate/scans */
export async function syncGateScans(deps: CheckinDeps, organizerId: number, eventId: number, input: GateSyncRequest, ip: string): Promise<GateSyncResponse> {
  const now = deps.clock.now();
  const device = input.device;
  return deps.db.withTransaction(async (tx) => {
    const doors = await repo.lockOwnEventForSync(tx, eventId, organizerId, device);
    if (!doors) throw notFound(GATE_MESSAGES.eventNotFound);
    const downloaded = doors.downloaded_at;
    const named = input.scans.flatMap((s) => (s.ticketId === undefined ? [] : [s.ticketId]));
    const { synced, tickets } = await repo.classifyScans(tx, eventId, input.scans.map((s) => s.scanId), [...new Set(named)]);

    const outcomes = new Map<string, GateScanOutcome>();
    /** What the log records for a scan the sync refused. */
    const reasons = new Map<string, GateRefusal>();
    // A scan id seen before (in an earlier sync, or twice in this one) is not applied again.
    const seen = new Set(synced);
    const fresh: Fresh[] = [];
    for (const s of input.scans) {
      if (seen.has(s.scanId)) {
        if (!outcomes.has(s.scanId)) outcomes.set(s.scanId, 'duplicate');
        continue;
      }
      seen.add(s.scanId);
      // A gate's clock a little ahead of ours does not put a scan in the future (further ahead is refused: in_future, below).
      const at = new Date(Math.min(Date.parse(s.at), now.getTime()));
      fresh.push({ scanId: s.scanId, ticketId: s.ticketId ?? null, refused: s.refused ?? null, at, claimed: s.at, override: s.override ?? false });
    }

    const audit: AuditTrailEntry[] = [];
    const trailOf = (s: Fresh) => {
      const t = tickets.get(s.ticketId as string) as ScanTicketRow;
      return { subject: { eventId, orderId: t.order_id }, seatNames: [seatNameOf(t)] };
    };
    /** A refusal in the trail: the gate's, or the sync's own (no such ticket, it no longer admits, a time refused). */
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
          // The time the gate gave, when the sync did not take it as it was (a scan in the future).
          ...(Date.parse(s.claimed) !== s.at.getTime() ? { scanned_at: s.claimed } : {}),
          ...(s.override ? { override: true } : {}),
        },
      });
    };
    const refuse = (s: Fresh, result: GateRefusal) => {
      outcomes.set(s.scanId, 'refused');
      reasons.set(s.scanId, result);
      refusal(s, result);
    };

    // The scans that may check their ticket in, earliest first per ticket.
    const byTicket = new Map<string, Fresh[]>();
    for (const s of fresh) {
      const t = s.ticketId === null ? undefined : tickets.get(s.ticketId);
      // A time the gate cannot have scanned at yet is not believed, whatever else the scan says.
      const inFuture = Date.parse(s.claimed) > now.getTime() + GATE_CLOCK_ALLOWANCE_MS;
      const refusedFor = t && !s.refused ? (inFuture ? 'in_future' : ticketRefusal(t.state)) : null;
      if (s.refused) {
        outcomes.set(s.scanId, 'logged');
        refusal(s, s.refused);
      } else if (!t || s.ticketId === null) {
        outcomes.set(s.scanId, 'not_found');
        refusal(s, 'not_found');
      } else if (refusedFor) refuse(s, refusedFor);
      else byTicket.set(s.ticketId, [...(byTicket.get(s.ticketId) ?? []), s]);
    }
    /** Each ticket's check-in as the answer gives it: as locked, then as this sync leaves it. */
    const state = new Map<string, { at: Date; gate: string | null }>();

    /** The ticket was in already: that check-in stays as it was, whatever time the gate gives; the log shows both. */
    const conflict = (s: Fresh, other: CheckinRow) => {
      const ours = s.at < other.checked_in_at ? 'earlier' : 'later';
      outcomes.set(s.scanId, ours);
      const stored = { place: placeOf(other), at: other.checked_in_at };
      const { subject, seatNames } = trailOf(s);
      const stands = ours === 'earlier' ? `, earlier by its clock: the check-in recorded first (${stored.place}) stands.` : `: the first (${stored.place}) stands.`;
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
          first: { gate: stored.place, at: stored.at.toISOString() },
          second: { gate: device, at: s.at.toISOString() },
          ...(s.override ? { override: true } : {}),
          detail: `Admitted at ${stored.place} at ${formatManilaClockAndDay(stored.at)} and at ${device} at ${formatManilaClockAndDay(s.at)}${stands}`,
        },
      });
    };

    let open = [...byTicket.keys()];
    // The tickets of retried scans are read too (locked with the rest), for the answer.
    const answerOnly = [...tickets.keys()].filter((id) => !byTicket.has(id));
    // Three rounds at most: a ticket checked in online between our lock and our insert is looked at again.
    for (let round = 0; round < 3 && (open.length > 0 || (round === 0 && answerOnly.length > 0)); round += 1) {
      const locked = await repo.lockCheckins(tx, round === 0 ? [...open, ...answerOnly] : open);
      for (const c of locked) state.set(c.ticket_id, { at: c.checked_in_at, gate: c.gate });
      const existing = new Map(locked.map((c) => [c.ticket_id, c]));
      const toInsert: Array<{ checkin: GateCheckin; scan: Fresh }> = [];
      for (const ticketId of open) {
        // A round after the first looks again only at the scans it has not answered yet.
        const scans = (byTicket.get(ticketId) ?? []).filter((s) => !outcomes.has(s.scanId)).sort((a, b) => a.at.getTime() - b.at.getTime() || a.scanId.localeCompare(b.scanId));
        const other = existing.get(ticketId);
        // Already in comes before anything about the doors: a conflict, logged, and nothing changes.
        const first = other ? scans[0] : scans.find((s) => admissionRefusal(s, doors, downloaded) === null);
        for (const s of scans) {
          if (s === first) continue;
          const refused = other || (first && s.at >= first.at) ? null : admissionRefusal(s, doors, downloaded);
          if (refused) refuse(s, refused);
          else outcomes.set(s.scanId, 'same_gate');
        }
        if (!first) continue;
        if (!other) {
          const outside = first.at < doors.doors_open_at || first.at > doors.doors_close_at;
          toInsert.push({ checkin: { ticketId, at: first.at, override: first.override && outside }, scan: first });
        } else if (other.method === 'gate' && other.gate === device) outcomes.set(first.scanId, 'same_gate');
        else conflict(first, other);
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
          data: { ticket_id: scan.ticketId, seat_names: seatNames, selected_event_id: eventId, method: 'gate', gate: device, scan_id: scan.scanId, ...(checkin.override ? { override: true } : {}) },
        });
      }
      open = toInsert.filter((i) => !inserted.has(i.checkin.ticketId)).map((i) => i.checkin.ticketId);
    }
    // Still contended after three rounds: the tickets' check-ins keep changing under us; the gate sends them again.
    if (open.length > 0) throw new AppError(409, 'Tickets changed while they were synced. Sync again.');

    const records: ScanRecord[] = fresh.map((s) => ({ ...s, outcome: outcomes.get(s.scanId) as ScanRecord['outcome'] }));
    await repo.insertScans(tx, eventId, device, organizerId, now, records);
    await logActions(tx, audit);

    const results: GateSyncResult[] = input.scans.map((s) => {
      const c = s.ticketId === undefined ? undefined : state.get(s.ticketId);
      const reason = reasons.get(s.scanId);
      return { scanId: s.scanId, ticketId: s.ticketId ?? null, outcome: outcomes.get(s.scanId) ?? 'duplicate', checkedInAt: c?.at.toISOString() ?? null, gate: c?.gate ?? null, ...(reason ? { reason } : {}) };
    });
    return { success: true, results, conflicts: results.filter((r) => r.outcome === 'earlier' || r.outcome === 'later').length, syncedAt: now.toISOString() };
  });
}
