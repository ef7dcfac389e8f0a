// The mail a buyer gets when their money is coming back: the event was cancelled, they cancelled
// their order, and the refund went through.
import { formatManilaClockAndDay } from '@sports/contracts';
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
        ? `Your free tickets (order ${order.id}) are no longer valid.`
        : `Your tickets (order ${order.id}) are no longer valid, and the ${formatPesos(order.amount)} you paid is being refunded to your payment method. We will write again when the refund is done.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function orderCancelledMail(buyer: Buyer, e: { title: string }, order: { id: number; amount: number }): MailMessage {
  return {
    to: buyer.email,
    subject: `Cancelled: your order ${order.id} for ${e.title}`,
    text: [
      `Hi ${buyer.first_name},`,
      '',
      `As you asked, your order ${order.id} for ${e.title} is cancelled: its tickets are no longer valid and their seats are back on sale.`,
      order.amount === 0 ? 'It was free: there is nothing to refund.' : `Your ${formatPesos(order.amount)} is being refunded to your payment method. We will write again when the refund is done.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function refundedMail(buyer: Buyer, e: { title: string }, order: { id: number; amount: number }): MailMessage {
  return {
    to: buyer.email,
    subject: `Refunded: ${formatPesos(order.amount)} for ${e.title} (order ${order.id})`,
    text: [
      `Hi ${buyer.first_name},`,
      '',
      `The refund of ${formatPesos(order.amount)} for your order ${order.id} (${e.title}) is done: it goes back to the payment method you paid with.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}
