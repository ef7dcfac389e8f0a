// The ticket as a calendar event (RFC 5545 .ics), made in this one place: the confirmation mail
// attaches it and the ticket page's Add to calendar downloads it (GET /api/orders/:id/calendar.ics).

export interface CalendarTicket {
  orderId: number;
  eventTitle: string;
  startsAt: Date;
  /** null when the event was announced without an end. */
  endsAt: Date | null;
  /** false: announced without a time; starts_at is then that day's start in Manila (an all-day entry). */
  hasTime: boolean;
  venue: string | null;
  sectionLabel: string;
  seatNames: readonly string[];
  /** DTSTAMP: when the ticket was issued. */
  issuedAt: Date;
}

/** Where the demo's events play when an event names no venue of its own. */
export const DEFAULT_VENUE = 'City Sports Complex';
/** An event announced without an end is put in the calendar for this long. */
const DEFAULT_LENGTH_MS = 3 * 3_600_000;
const MANILA_OFFSET_MS = 8 * 3_600_000;

const utc = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const manilaDay = (d: Date): string => new Date(d.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');

/** TEXT value escaping (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The .ics text (CRLF line ends). */
export function ticketCalendar(t: CalendarTicket): string {
  const when = t.hasTime
    ? [`DTSTART:${utc(t.startsAt)}`, `DTEND:${utc(t.endsAt ?? new Date(t.startsAt.getTime() + DEFAULT_LENGTH_MS))}`]
    : [`DTSTART;VALUE=DATE:${manilaDay(t.startsAt)}`, `DTEND;VALUE=DATE:${manilaDay(new Date(t.startsAt.getTime() + 86_400_000))}`];
  const seats = `${t.sectionLabel}, seats ${t.seatNames.join(' ')}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sports Complex Tickets//Ticket//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:order-${t.orderId}@tickets.sports-complex`,
    `DTSTAMP:${utc(t.issuedAt)}`,
    ...when,
    `SUMMARY:${escapeText(t.eventTitle)}`,
    `LOCATION:${escapeText(t.venue ?? DEFAULT_VENUE)}`,
    `DESCRIPTION:${escapeText(`Order ${t.orderId}\n${seats}\nShow your QR ticket at the gate.`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The attachment's and the download's file name. */
export function calendarFileName(orderId: number): string {
  return `ticket-${orderId}.ics`;
}
