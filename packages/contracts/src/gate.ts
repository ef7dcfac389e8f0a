// Requests of the offline gate (/api/organizer/events/:id/gate...).
import { z } from 'zod';
import { GATE_DEVICE_MAX_LENGTH, GATE_SYNC_MAX_SCANS } from './gate-ticket';
import { CHECKIN_RESULTS } from './organizer-enums';
import { requiredText } from './text';
import { TICKET_ID_PATTERN } from './ticket-qr';

/** What a gate may answer a scan it refuses from its own copy: every check-in answer but an admission. */
export const GATE_REFUSALS = CHECKIN_RESULTS.filter((r): r is GateRefusal => r !== 'checked_in');
export type GateRefusal = Exclude<(typeof CHECKIN_RESULTS)[number], 'checked_in'>;

/**
 * One scan a gate answered from its own copy of the tickets: an admission (its ticket), or a
 * refusal (`refused`: the gate's answer, and its ticket when it knew one), which is only logged.
 */
export const gateScanSchema = z
  .object({
    /** Made by the gate for this scan: the same id sent again (a retried sync) is applied once. */
    scanId: z.uuid({ error: 'scanId must be a UUID' }),
    ticketId: z.string({ error: 'ticketId must be a ticket id' }).regex(TICKET_ID_PATTERN, 'ticketId must be a ticket id').optional(),
    refused: z.enum(GATE_REFUSALS, 'refused must be a check-in answer other than checked_in').optional(),
    /** When the gate scanned it (ISO instant, with its offset). */
    at: z.iso.datetime({ offset: true, error: 'at must be an ISO date and time' }),
    /** Admitted outside the check-in window by "Admit anyway". */
    override: z.boolean({ error: 'override must be true or false' }).optional(),
  })
  .refine((s) => s.refused !== undefined || s.ticketId !== undefined, { message: 'ticketId must be a ticket id', path: ['ticketId'] });

const DEVICE_MESSAGE = `device must be the gate's name (1-${GATE_DEVICE_MAX_LENGTH} characters)`;
const deviceField = () => requiredText({ required: DEVICE_MESSAGE, max: GATE_DEVICE_MAX_LENGTH, tooLong: DEVICE_MESSAGE });

/**
 * GET /api/organizer/events/:id/gate?device=: the gate names itself when it takes its copy; the
 * server records when each gate first did, and refuses synced scans dated before it (docs/checkin.md).
 */
export const gateSnapshotQuerySchema = z.object({ device: deviceField().optional() });

/** POST /api/organizer/events/:id/gate/scans: what a named gate admitted and refused from its own copy. */
export const gateSyncRequestSchema = z.object({
  device: deviceField(),
  scans: z
    .array(gateScanSchema, { error: 'scans must be a list of scans' })
    .max(GATE_SYNC_MAX_SCANS, `At most ${GATE_SYNC_MAX_SCANS.toLocaleString('en-US')} scans per sync`),
});
export type GateScan = z.infer<typeof gateScanSchema>;
export type GateSyncRequest = z.infer<typeof gateSyncRequestSchema>;
