// The offline gate (organizer-mfe's gate route): where it lives and its limits. No validator
// imported: free for any app.

/** The gate's route on the shell's origin; also the service worker's scope. */
export const GATE_SCOPE = '/organizer/gate';
/** The gate's service worker and web app manifest, served by the shell's server from its origin. */
export const GATE_SERVICE_WORKER_PATH = '/gate-sw.js';
export const GATE_MANIFEST_PATH = '/gate.webmanifest';

/** A gate device's name, as the organizer gives it (it is the `gate` of the check-ins it makes). */
export const GATE_DEVICE_MAX_LENGTH = 60;
/** Scans one sync call may carry. */
export const GATE_SYNC_MAX_SCANS = 5000;

/**
 * What became of one synced scan:
 *  - checked_in: it made the ticket's check-in;
 *  - earlier: the ticket was already checked in (another gate, an online scan, by hand) at a time later than this
 *    scan says: the stored check-in stays as it was, and the log gets a conflict naming both (a gate's clock is not
 *    trusted to take a check-in away from another);
 *  - later: the ticket was checked in earlier elsewhere, which stays (a conflict);
 *  - same_gate: this gate had already checked the ticket in;
 *  - duplicate: this scan id was synced before (a retried sync): its first outcome stands;
 *  - not_found: no ticket of this event has this id;
 *  - refused: the ticket no longer admits (its event cancelled, its order refunded, the ticket transferred), or the
 *    scan's time is refused (in the future, before the gate downloaded its copy, outside the check-in window with no
 *    override): its result's `reason` says which, and the check-in log has it;
 *  - logged: a scan the gate itself refused, now in the check-in log with its answer.
 */
export const GATE_SCAN_OUTCOMES = ['checked_in', 'earlier', 'later', 'same_gate', 'duplicate', 'not_found', 'refused', 'logged'] as const;
export type GateScanOutcome = (typeof GATE_SCAN_OUTCOMES)[number];

/**
 * How far a gate's clock may be off when its scans are synced (docs/checkin.md): a scan up to this
 * much in the future is taken as made now; further is refused (in_future). The check-in window and
 * the gate's download time are widened by as much.
 */
export const GATE_CLOCK_ALLOWANCE_MS = 2 * 60_000;
