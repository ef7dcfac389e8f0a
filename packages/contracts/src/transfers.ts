import { z } from 'zod';

/** POST /api/tickets/:ticketId/transfer: the address to give the ticket to (trimmed, lower-cased). */
export const transferTicketRequestSchema = z.object({
  email: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Email is required' : 'Email must be text') })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .email('Invalid email format')
    .toLowerCase(),
});
export type TransferTicketRequest = z.infer<typeof transferTicketRequestSchema>;
