// The ticket as a calendar event (RFC 5545 .ics), made in this one place: the confirmation mail
// attaches it and the ticket page's Add to calendar downloads it (GET /api/orders/:id/calendar.ics).
// ical-generator writes the file: it escapes TEXT values (backslash, semicolon, comma; CRLF, a bare
// CR and a bare LF as \n) and folds every line at 75 octets without splitting a UTF-8 character.
import ical, { ICalCalendarMethod } from 'ical-generator';
import { formatTransactionNo, placeLine } from '@sports/contracts';

export interface CalendarTicket {
  orderId: number;
  eventTitle: string;
  startsAt: Date;
  /** null when the event was announced without an end. */
  endsAt: Date | null;
  /** false: announced without a time; starts_at is then that day's start in Manila (an all-day entry). */
  hasTime: boolean;
  /** LOCATION: the venue and its address as one line (calendarLocation); null: the complex itself. */
  venue: string | null;
  sectionLabel: string;
  seatNames: readonly string[];
  /** DTSTAMP: when this version of the entry was made (the ticket's issue, or the event's move). */
  issuedAt: Date;
  /** SEQUENCE: the event's schedule_sequence, raised on every change of date, time or venue (absent: 0). */
  sequence?: number;
}

/** Where an event plays, as a calendar's LOCATION reads it: venue, street, barangay, city (the parts it has). */
export function calendarLocation(place: { venueName: string | null; streetName: string | null; barangay: string | null; city: string | null }): string | null {
  const line = placeLine([place.venueName, place.streetName, place.barangay, place.city]);
  return place.venueName === null || line === '' ? null : line;
}

/** Where the demo's events play when an event names no venue of its own. */
export const DEFAULT_VENUE = 'City Sports Complex';
/** An event announced without an end is put in the calendar for this long. */
const DEFAULT_LENGTH_MS = 3 * 3_600_000;
const MANILA_OFFSET_MS = 8 * 3_600_000;

/** The Manila calendar day of `d` as YYYY-MM-DD (an all-day DATE value). */
const manilaDay = (d: Date): string => new Date(d.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

// A line break in any of its forms (CRLF, CR, LF, NEL, U+2028, U+2029) or another control
// character except the tab (RFC 5545 TEXT allows none of them).
const BREAK_OR_CONTROL = /\r\n|[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g;

/**
 * Text from an organizer or a seat plan (title, venue, section, seat names) as one line: each line
 * break or control character becomes one space. The file's own line breaks (between the lines of
 * the description) are then the only ones its values carry, escaped as \n by ical-generator.
 */
export function oneLine(value: string): string {
  return value.replace(BREAK_OR_CONTROL, ' ');
}

/** The .ics text (CRLF line ends, the last line's too). */
export function ticketCalendar(t: CalendarTicket): string {
  const calendar = ical({
    prodId: { company: 'Sports Complex Tickets', product: 'Ticket', language: 'EN' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
  });
  const seats = `${oneLine(t.sectionLabel)}, seats ${t.seatNames.map(oneLine).join(' ')}`;
  calendar.createEvent({
    // The UID calendars that imported earlier tickets know this order by.
    id: `order-${t.orderId}@tickets.sports-complex`,
    // Calendars that know the UID replace their entry with a higher SEQUENCE (RFC 5545 3.8.7.4).
    sequence: t.sequence ?? 0,
    stamp: t.issuedAt,
    ...(t.hasTime
      ? { start: t.startsAt, end: t.endsAt ?? new Date(t.startsAt.getTime() + DEFAULT_LENGTH_MS) }
      : { allDay: true, start: manilaDay(t.startsAt), end: manilaDay(new Date(t.startsAt.getTime() + 86_400_000)) }),
    summary: oneLine(t.eventTitle),
    location: oneLine(t.venue ?? DEFAULT_VENUE),
    description: `Order ${formatTransactionNo(t.orderId)}\n${seats}\nShow your QR ticket at the gate.`,
  });
  return `${calendar.toString()}\r\n`;
}

/** The attachment's and the download's file name. */
export function calendarFileName(orderId: number): string {
  return `ticket-${orderId}.ics`;
}
