// Answers of the offline gate: its copy of an event's tickets, and what became of synced scans.
import * as z from 'zod/mini';
import { GATE_SCAN_OUTCOMES } from './gate-ticket';
import { CHECKIN_RESULTS } from './organizer-enums';
import { TICKET_CATEGORIES } from './pricing';

const id = z.int().check(z.positive());

/** One ticket as the gate keeps it. */
export const gateTicketSchema = z.object({
  ticketId: z.string(),
  /** The short code, grouped (K7QX-3MPD-9W). */
  code: z.string(),
  seat: id,
  /** The seat as the grid names it (B32). */
  seatName: z.string(),
  section: z.string(),
  holder: z.string(),
  /** The ticket's category: anything but Regular has its ID checked at the gate. */
  category: z.enum(TICKET_CATEGORIES),
  /** 'valid', or why it does not admit (TICKET_REFUSALS: cancelled, refunded, transferred, not_paid). */
  status: z.string(),
  /** The check-in (ISO instant) and the gate that made it (null: online scan or by hand). */
  checkedInAt: z.nullable(z.string()),
  gate: z.nullable(z.string()),
});
export type GateTicket = z.infer<typeof gateTicketSchema>;

/** GET /api/organizer/events/:id/gate: everything a gate needs to admit or refuse with no network. */
export const gateSnapshotResponseSchema = z.object({
  success: z.literal(true),
  event: z.object({ id, name: z.string() }),
  /** The check-in window (ISO instants). */
  window: z.object({ opensAt: z.string(), closesAt: z.string() }),
  /** SPKI PEM of the Ed25519 key that signs ticket QRs. */
  publicKey: z.string(),
  tickets: z.array(gateTicketSchema),
  /** An order's one QR from before tickets per seat (its ticket_id) -> the tickets of its seats. */
  legacyOrders: z.record(z.string(), z.array(z.string())),
  /** The server's clock when the copy was made. */
  syncedAt: z.string(),
});
export type GateSnapshotResponse = z.infer<typeof gateSnapshotResponseSchema>;

/** POST /api/organizer/events/:id/gate/scans: per scan, what happened, and the ticket's check-in now. */
export const gateSyncResultSchema = z.object({
  scanId: z.string(),
  /** null for a refusal that named no ticket. */
  ticketId: z.nullable(z.string()),
  outcome: z.enum(GATE_SCAN_OUTCOMES),
  /** The ticket's check-in after the sync (null when not_found). */
  checkedInAt: z.nullable(z.string()),
  gate: z.nullable(z.string()),
  /** For a `refused` scan, the answer the log records (too_early, in_future, refunded, ...). */
  reason: z.optional(z.enum(CHECKIN_RESULTS)),
});
export const gateSyncResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(gateSyncResultSchema),
  /** How many of these scans made a conflict (a ticket admitted at two gates). */
  conflicts: z.number(),
  syncedAt: z.string(),
});
export type GateSyncResult = z.infer<typeof gateSyncResultSchema>;
export type GateSyncResponse = z.infer<typeof gateSyncResponseSchema>;
