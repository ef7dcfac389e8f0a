// The mail a buyer gets when their money is coming back: the event was cancelled, they cancelled
// their order, and the refund went through.
import { formatManilaClockAndDay, formatTransactionNo } from '@sports/contracts';
import type { MailMessage } from './message';
import { formatPesos } from './pesos';

const SIGNATURE = ['', 'Sports Complex Tickets'];

interface Buyer {
  email: string;
  first_name: string;
}

export function eventCancelledMail(buyer: Buyer, e: { title: string; startsAt: Date; reason: string }, order: { id: number; amount: number }): MailMessage {
  const free = order.amount === 0;
  return {
    to: buyer.email,
    subject: free ? `Cancelled: ${e.title}` : `Cancelled: ${e.title}. Your ${formatPesos(order.amount)} is being refunded`,
    text: [
      `Hi ${buyer.first_name},`,
      '',
      `${e.title}, planned for ${formatManilaClockAndDay(e.startsAt)}, has been cancelled by its organizer.`,
      `Reason: ${e.reason}`,
      '',
      free
        ? `Your free tickets (order ${formatTransactionNo(order.id)}) are no longer valid.`
        : `Your tickets (order ${formatTransactionNo(order.id)}) are no longer valid, and the ${formatPesos(order.amount)} you paid is being refunded to your payment method. We will write again when the refund is done.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** To someone holding a ticket of the cancelled event that another person bought and gave them. */
export function heldTicketCancelledMail(holder: Buyer, e: { title: string; startsAt: Date; reason: string }): MailMessage {
  return {
    to: holder.email,
    subject: `Cancelled: ${e.title}`,
    text: [
      `Hi ${holder.first_name},`,
      '',
      `${e.title}, planned for ${formatManilaClockAndDay(e.startsAt)}, has been cancelled by its organizer.`,
      `Reason: ${e.reason}`,
      '',
      'The ticket you were given for it is no longer valid. Whoever paid for it is refunded.',
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function orderCancelledMail(buyer: Buyer, e: { title: string }, order: { id: number; amount: number }): MailMessage {
  return {
    to: buyer.email,
    subject: `Cancelled: your order ${formatTransactionNo(order.id)} for ${e.title}`,
    text: [
      `Hi ${buyer.first_name},`,
      '',
      `As you asked, your order ${formatTransactionNo(order.id)} for ${e.title} is cancelled: its tickets are no longer valid and their seats are back on sale.`,
      order.amount === 0 ? 'It was free: there is nothing to refund.' : `Your ${formatPesos(order.amount)} is being refunded to your payment method. We will write again when the refund is done.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function refundedMail(buyer: Buyer, e: { title: string }, order: { id: number; amount: number }): MailMessage {
  return {
    to: buyer.email,
    subject: `Refunded: ${formatPesos(order.amount)} for ${e.title} (order ${formatTransactionNo(order.id)})`,
    text: [
      `Hi ${buyer.first_name},`,
      '',
      `The refund of ${formatPesos(order.amount)} for your order ${formatTransactionNo(order.id)} (${e.title}) is done: it goes back to the payment method you paid with.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}
