// The orders CSV of one of the caller's events: one line per ticket sold, with its price line
// (base price, discount and its kind, promo code, price) and whether its order was refunded.
import { ATTENDEES_CSV_MAX_ROWS, DISCOUNT_KIND_LABELS, ORDERS_CSV_HEADER, TICKET_CATEGORY_LABELS, formatTransactionNo } from '@sports/contracts';
import type { Queryable } from '../db';
import { AppError, notFound } from '../errors';
import { seatNamesOf } from '../orders/order-summary';
import { findOwnEventName } from './attendees.repository';
import { toCsv } from './csv';
import { findSoldLines } from './orders-export.repository';
import type { SoldLineRow } from './orders-export.repository';
import { EVENT_MESSAGES } from './organizer-events.service';

const REFUND_STATUS = { pending: 'Refund pending', refunded: 'Refunded' } as const;

function csvLine(r: SoldLineRow): string[] {
  return [
    formatTransactionNo(r.order_id),
    r.paid_local,
    `${r.first_name} ${r.last_name}`,
    r.section,
    seatNamesOf(r).join(', '),
    TICKET_CATEGORY_LABELS[r.category],
    r.base_price,
    r.discount,
    r.discount_kind ? DISCOUNT_KIND_LABELS[r.discount_kind] : '',
    r.promo_code ?? '',
    r.price,
    r.refund_state ? REFUND_STATUS[r.refund_state] : '',
  ];
}

export async function exportOrdersCsv(db: Queryable, organizerId: number, eventId: number): Promise<{ filename: string; csv: string }> {
  if ((await findOwnEventName(db, eventId, organizerId)) === null) throw notFound(EVENT_MESSAGES.notFound);
  const rows = await findSoldLines(db, eventId, organizerId, ATTENDEES_CSV_MAX_ROWS + 1);
  if (rows.length > ATTENDEES_CSV_MAX_ROWS) throw new AppError(413, `Too many tickets for one file (more than ${ATTENDEES_CSV_MAX_ROWS}).`);
  return { filename: `orders-event-${eventId}.csv`, csv: toCsv(ORDERS_CSV_HEADER, rows.map(csvLine)) };
}
