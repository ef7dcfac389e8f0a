// Attendee List (PRODUCT §5): every ticket (one per seat) of one of the caller's events with its
// holder, with search, a Present/Absent filter and paging on the server, and the CSV export of the
// filtered list.
import { ATTENDEES_CSV_MAX_ROWS, ATTENDEES_PAGE_SIZE, TICKET_CATEGORY_LABELS, formatTicketCode, formatTransactionNo } from '@sports/contracts';
import type { Attendee, AttendeeStatus, AttendeesResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import { AppError, notFound } from '../errors';
import * as repo from './attendees.repository';
import type { AttendeeRow } from './attendees.repository';
import { seatNamesOf } from '../orders/order-summary';
import { toCsv } from './csv';
import { pageCount } from '../db/sql';
import { EVENT_MESSAGES } from './organizer-events.service';

export const ATTENDEES_CSV_HEADER = ['Name', 'Email', 'Transaction Number', 'Section', 'Seat', 'Code', 'Status', 'Time Present', 'Checked In By', 'Order Date', 'Category'] as const;

interface Query {
  page?: number | undefined;
  search?: string | undefined;
  status?: AttendeeStatus | undefined;
}

const filterOf = (q: Query): repo.AttendeeFilter => ({ search: q.search?.trim() || null, status: q.status ?? null });
const nameOf = (r: Pick<AttendeeRow, 'first_name' | 'last_name'>): string => `${r.first_name} ${r.last_name}`;

/** How a ticket was checked in, as the CSV says it: Scan, By hand, or the gate's name. */
function checkinWay(r: AttendeeRow): string {
  if (r.gate) return r.gate;
  return r.checkin_method === 'hand' ? 'By hand' : r.checkin_method === null ? '' : 'Scan';
}

function toAttendee(r: AttendeeRow): Attendee {
  return {
    ticketId: r.ticket_id,
    code: formatTicketCode(r.code),
    orderId: r.order_id,
    transactionNo: formatTransactionNo(r.order_id),
    name: nameOf(r),
    email: r.email,
    section: r.section,
    seats: r.seats,
    seatNames: seatNamesOf(r),
    category: r.category,
    status: r.checked_in_at ? 'Present' : 'Absent',
    checkinMethod: r.checkin_method,
    gate: r.gate,
    checkedInAt: r.checked_in_at ? r.checked_in_at.toISOString() : null,
    timePresent: r.time_present,
    orderDate: r.paid_at.toISOString(),
  };
}

export async function listAttendees(db: Queryable, organizerId: number, eventId: number, q: Query): Promise<Omit<AttendeesResponse, 'success'>> {
  const name = await repo.findOwnEventName(db, eventId, organizerId);
  if (name === null) throw notFound(EVENT_MESSAGES.notFound);
  const filter = filterOf(q);
  const page = q.page ?? 1;
  const pageSize = ATTENDEES_PAGE_SIZE;
  const [total, rows, counts] = await Promise.all([
    repo.countAttendees(db, eventId, organizerId, filter),
    repo.findAttendees(db, eventId, organizerId, filter, pageSize, (page - 1) * pageSize),
    repo.countByStatus(db, eventId, organizerId),
  ]);
  return {
    event: { id: eventId, name },
    attendees: rows.map(toAttendee),
    counts: { all: counts.all, present: counts.present, absent: counts.all - counts.present },
    page,
    pageSize,
    total,
    totalPages: pageCount(total, pageSize),
  };
}

/** The whole filtered list as CSV (one row per ticket, that is per seat), and a file name. */
export async function exportAttendeesCsv(db: Queryable, organizerId: number, eventId: number, q: Query): Promise<{ filename: string; csv: string }> {
  const name = await repo.findOwnEventName(db, eventId, organizerId);
  if (name === null) throw notFound(EVENT_MESSAGES.notFound);
  const filter = filterOf(q);
  const rows = await repo.findAttendees(db, eventId, organizerId, filter, ATTENDEES_CSV_MAX_ROWS + 1, 0);
  if (rows.length > ATTENDEES_CSV_MAX_ROWS) throw new AppError(413, `Too many attendees for one file (more than ${ATTENDEES_CSV_MAX_ROWS}): narrow the search.`);
  const csv = toCsv(
    ATTENDEES_CSV_HEADER,
    rows.map((r) => [
      nameOf(r),
      r.email,
      formatTransactionNo(r.order_id),
      r.section,
      seatNamesOf(r).join(', '),
      formatTicketCode(r.code),
      r.checked_in_at ? 'Present' : 'Absent',
      r.checked_in_local ?? '',
      checkinWay(r),
      r.paid_local,
      TICKET_CATEGORY_LABELS[r.category],
    ]),
  );
  return { filename: `attendees-event-${eventId}${filter.status ? `-${filter.status.toLowerCase()}` : ''}.csv`, csv };
}
