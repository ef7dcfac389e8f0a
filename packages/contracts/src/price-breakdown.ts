// How an order's prices read, wherever they are shown (checkout, QR page, My Tickets, the mail).
import type { OrderLine } from './booking.responses';
import { TICKET_CATEGORY_LABELS } from './pricing';

/** Whether an order's tickets differ in category or price: then each ticket's line is shown (checkout, QR page, My Tickets, mail). */
export function hasPriceBreakdown(order: { lines: readonly OrderLine[]; promoCode?: string | undefined }): boolean {
  const [first] = order.lines;
  return order.promoCode !== undefined || order.lines.some((l) => l.category !== 'regular' || l.discount > 0 || l.basePrice !== first?.basePrice);
}

/** Why a ticket's discount was given: "Senior Citizen discount by law", "Student discount", "promo code FAMILY25". */
export function discountReason(line: Pick<OrderLine, 'category' | 'discountKind'>, promoCode: string | undefined): string {
  if (line.discountKind === 'code') return promoCode ? `promo code ${promoCode}` : 'promo code';
  return `${TICKET_CATEGORY_LABELS[line.category]} discount${line.discountKind === 'law' ? ' by law' : ''}`;
}
