// Whether a ticket admits, in the words every check answers with (docs/checkin.md). No validator
// imported: free for any app.

/**
 * Why a genuine ticket does not admit: its event was cancelled, its order refunded (or being
 * refunded), the ticket given to someone else (only their new ticket admits), or no paid order
 * carries it. The words of the check-in answers (CHECKIN_RESULTS) and of POST /api/tickets/verify.
 */
export const TICKET_REFUSALS = ['cancelled', 'refunded', 'transferred', 'not_paid'] as const;
export type TicketRefusal = (typeof TICKET_REFUSALS)[number];
