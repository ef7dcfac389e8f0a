import * as z from 'zod/mini';
import { orderTicketSchema } from './booking.responses';
import { TRANSFER_STATES } from './transfer-states';

const positiveInt = () => z.int().check(z.positive());
const eventOfTicket = () => z.object({ id: positiveInt(), title: z.string(), date: z.string(), time: z.optional(z.string()) });
const sectionOfTicket = () => z.object({ id: positiveInt(), label: z.string() });

/** A ticket the caller gave (or is giving) to someone: pending until the recipient claims it, then claimed. */
export const sentTransferSchema = z.object({
  transferId: positiveInt(),
  /** The ticket given: it no longer admits while the transfer is pending or claimed. */
  ticketId: z.string(),
  orderId: positiveInt(),
  event: eventOfTicket(),
  section: sectionOfTicket(),
  seatName: z.string(),
  toEmail: z.string(),
  state: z.enum(TRANSFER_STATES),
  /** ISO instants. */
  sentAt: z.string(),
  claimedAt: z.nullable(z.string()),
});
export type SentTransfer = z.infer<typeof sentTransferSchema>;

/** A ticket someone gave the caller: a ticket of its own (new id, code and QR). */
export const receivedTicketSchema = z.object({
  ticket: orderTicketSchema,
  orderId: positiveInt(),
  event: eventOfTicket(),
  section: sectionOfTicket(),
  /** The name of the person who gave it. */
  from: z.string(),
  receivedAt: z.string(),
});
export type ReceivedTicket = z.infer<typeof receivedTicketSchema>;

/** A ticket someone is giving the caller, waiting for them to accept it (it has no QR of its own yet). */
export const incomingTransferSchema = z.object({
  transferId: positiveInt(),
  orderId: positiveInt(),
  event: eventOfTicket(),
  section: sectionOfTicket(),
  seatName: z.string(),
  /** The name of the person giving it. */
  from: z.string(),
  sentAt: z.string(),
});
export type IncomingTransfer = z.infer<typeof incomingTransferSchema>;

/**
 * GET /api/my/transfers: tickets the caller sent (pending and claimed, newest first), the live
 * tickets they received, and those waiting for them to accept.
 */
export const myTransfersResponseSchema = z.object({
  success: z.literal(true),
  sent: z.array(sentTransferSchema),
  received: z.array(receivedTicketSchema),
  incoming: z.array(incomingTransferSchema),
});
export type MyTransfersResponse = z.infer<typeof myTransfersResponseSchema>;

/** POST /api/tickets/:ticketId/transfer and POST /api/transfers/:id/revoke. */
export const transferResponseSchema = z.object({ success: z.literal(true), transfer: sentTransferSchema });
export type TransferResponse = z.infer<typeof transferResponseSchema>;
