import { TICKET_CATEGORY_LABELS, ticketCategoryNote } from '@sports/contracts';
import type { TicketView } from '../api/ticket-view';
import { formatEventDate } from '../format';

/** What one page of a ticket PDF prints. */
export interface PdfTicket {
  eventTitle: string;
  /** Date and time as the pages show them, e.g. 'Sat, Jun 1, 2099, 8:00 AM'. */
  when: string;
  venue: string;
  section: string;
  seatName: string;
  /** Its category, and that its ID is checked at the gate when it is not Regular. */
  category: string;
  holder: string;
  code: string;
  qr: string;
}

export function pdfTicketOf(view: TicketView): PdfTicket {
  const date = formatEventDate(view.event.date);
  return {
    eventTitle: view.event.title,
    when: view.event.time ? `${date}, ${view.event.time}` : date,
    venue: view.event.venue,
    section: view.section.label,
    seatName: view.ticket.seatName,
    category: ticketCategoryNote(view.ticket.category) ?? TICKET_CATEGORY_LABELS.regular,
    holder: view.holder,
    code: view.ticket.code,
    qr: view.ticket.qr,
  };
}
