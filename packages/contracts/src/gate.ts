// Requests of the offline gate (/api/organizer/events/:id/gate...).
import { z } from 'zod';
import { GATE_DEVICE_MAX_LENGTH, GATE_SYNC_MAX_SCANS } from './gate-ticket';

const TICKET_ID = /^[A-Za-z0-9_-]{22}$/;

/** One scan a gate admitted while it kept its own copy of the tickets. */
export const gateScanSchema = z.object({
  /** Made by the gate for this scan: the same id sent again (a retried sync) is applied once. */
  scanId: z.uuid({ error: 'scanId must be a UUID' }),
  ticketId: z.string({ error: 'ticketId must be a ticket id' }).regex(TICKET_ID, 'ticketId must be a ticket id'),
  /** When the gate scanned it (ISO instant, with its offset). */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date and time' }),
  /** Admitted outside the check-in window by "Admit anyway". */
  override: z.boolean({ error: 'override must be true or false' }).optional(),
});

/** POST /api/organizer/events/:id/gate/scans: what a named gate admitted while offline. */
export const gateSyncRequestSchema = z.object({
  device: z
    .string({ error: `device must be the gate's name (1-${GATE_DEVICE_MAX_LENGTH} characters)` })
    .trim()
    .min(1, `device must be the gate's name (1-${GATE_DEVICE_MAX_LENGTH} characters)`)
    .max(GATE_DEVICE_MAX_LENGTH, `device must be the gate's name (1-${GATE_DEVICE_MAX_LENGTH} characters)`),
  scans: z
    .array(gateScanSchema, { error: 'scans must be a list of scans' })
    .max(GATE_SYNC_MAX_SCANS, `At most ${GATE_SYNC_MAX_SCANS.toLocaleString('en-US')} scans per sync`),
});
export type GateScan = z.infer<typeof gateScanSchema>;
export type GateSyncRequest = z.infer<typeof gateSyncRequestSchema>;
