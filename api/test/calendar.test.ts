// The ticket's calendar file (api/src/orders/calendar.ts): what it says about the event, and that
// text from an organizer or a seat plan stays inside its own property whatever it holds.
//
// Line breaks in a title, venue, section or seat name (CRLF, a bare CR, a bare LF, and NEL,
// U+2028, U+2029 and the other control characters except the tab) each become one space: those
// values are one line. The description's own three lines are the only line breaks a value
// carries, written as \n. Commas, semicolons and backslashes are escaped and read back as given.
import { calendarFileName, ticketCalendar } from '../src/orders/calendar';
import type { CalendarTicket } from '../src/orders/calendar';
import { icsEvents, readIcs, unescapeText } from './support/ics';

const TICKET: CalendarTicket = {
  orderId: 812,
  eventTitle: 'City Games',
  startsAt: new Date('2026-12-01T10:00:00Z'),
  endsAt: null,
  hasTime: true,
  venue: 'Main Arena',
  sectionLabel: 'Upper Box D',
  seatNames: ['A3', 'B32'],
  issuedAt: new Date('2026-11-20T03:04:05.678Z'),
};

/** What a one-line value reads as in the file. */
const asOneLine = (s: string): string => s.replace(/\r\n|[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/g, ' ');

const ALARM = 'BEGIN:VALARM{}ACTION:DISPLAY{}TRIGGER:-PT15M{}DESCRIPTION:Pay again at evil.example{}END:VALARM';
const PAYLOADS: [string, string][] = [
  ['the probe: a bare CR and a VALARM', `ICS test\r${ALARM.replaceAll('{}', '\r')}`],
  ['a bare LF and a VALARM', `ICS test\n${ALARM.replaceAll('{}', '\n')}`],
  ['CRLF and a VALARM', `ICS test\r\n${ALARM.replaceAll('{}', '\r\n')}`],
  ['CRLF closing the event and opening another', 'ICS test\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nSUMMARY:Free seats'],
  ['a bare CR then a continuation space', 'ICS test\r ATTACH:https://evil.example/x'],
  ['line breaks in a row, leading and trailing', '\r\n\r\rICS\n\n test\r'],
  ['NEL, line and paragraph separators, NUL, tab and DEL', 'a\u0085b\u2028c\u2029d\u0000e\tf\u007fg'],
  ['commas', 'Tigers, Eagles, and Hawks,,'],
  ['semicolons', 'Game 7; overtime;;TZID=Evil:'],
  ['backslashes', 'C:\\new\\table \\n \\, \\; \\\\'],
  ['a colon-led property look-alike', ':DESCRIPTION:evil'],
  ['a 500-character line', 'x'.repeat(500)],
  ['a 500-character line of two-octet letters', 'Ñ'.repeat(500)],
  ['a long line of four-octet emoji and line breaks', '🏟️\r'.repeat(120)],
];

/** What a VEVENT of a ticket holds, each once; SEQUENCE and the all-day flags are ical-generator's. */
const EVENT_PROPERTIES = ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION'];
const OPTIONAL_EVENT_PROPERTIES = ['SEQUENCE', 'X-MICROSOFT-CDO-ALLDAYEVENT', 'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT'];

/**
 * Reads the file strictly: the calendar's own lines, then exactly one VEVENT with no VALARM or
 * other component in it, and in it the ticket's properties once each and no other property.
 * Returns the VEVENT's property values by name.
 */
function readTicketFile(ics: string): Map<string, string> {
  const lines = readIcs(ics);
  expect(lines.slice(0, 5).map((l) => l.name)).toEqual(['BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD']);
  expect(lines.filter((l) => l.name === 'BEGIN' || l.name === 'END').map((l) => `${l.name}:${l.value}`)).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR']);
  expect(lines.slice(-2).map((l) => `${l.name}:${l.value}`)).toEqual(['END:VEVENT', 'END:VCALENDAR']);
  expect(lines.filter((l) => l.value.toUpperCase().includes('VALARM') && l.name !== 'SUMMARY' && l.name !== 'LOCATION' && l.name !== 'DESCRIPTION')).toEqual([]);
  const events = icsEvents(lines);
  expect(events).toHaveLength(1);
  const event = events[0] as Map<string, { value: string }[]>;
  const names = [...event.keys()];
  expect(names.filter((n) => !EVENT_PROPERTIES.includes(n) && !OPTIONAL_EVENT_PROPERTIES.includes(n))).toEqual([]);
  expect(EVENT_PROPERTIES.filter((n) => !names.includes(n))).toEqual([]);
  expect(names.filter((n) => (event.get(n) as unknown[]).length !== 1)).toEqual([]);
  return new Map(names.map((n) => [n, (event.get(n) as { value: string }[])[0]?.value as string]));
}

describe('what the calendar file says', () => {
  it('a timed event without an end: UTC times, three hours, DTSTAMP the issue time, the order\'s UID', () => {
    const ics = ticketCalendar(TICKET);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sports Complex Tickets//Ticket//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n')).toBe(true);
    const event = readTicketFile(ics);
    expect(event.get('UID')).toBe('order-812@tickets.sports-complex');
    expect(event.get('DTSTAMP')).toBe('20261120T030405Z');
    expect(event.get('DTSTART')).toBe('20261201T100000Z');
    expect(event.get('DTEND')).toBe('20261201T130000Z');
    expect(unescapeText(event.get('SUMMARY') as string)).toBe('City Games');
    expect(unescapeText(event.get('LOCATION') as string)).toBe('Main Arena');
    expect(unescapeText(event.get('DESCRIPTION') as string)).toBe('Order TXN-00000812\nUpper Box D, seats A3 B32\nShow your QR ticket at the gate.');
  });

  it('an announced end is the end; an event naming no venue plays at the City Sports Complex', () => {
    const event = readTicketFile(ticketCalendar({ ...TICKET, endsAt: new Date('2026-12-01T13:30:00Z'), venue: null }));
    expect(event.get('DTEND')).toBe('20261201T133000Z');
    expect(event.get('LOCATION')).toBe('City Sports Complex');
  });

  it('an event announced without a time is an all-day entry on its Manila day', () => {
    // Manila midnight of 1 December is 16:00 UTC on 30 November.
    const ics = ticketCalendar({ ...TICKET, hasTime: false, startsAt: new Date('2026-11-30T16:00:00Z') });
    const lines = readIcs(ics);
    expect(lines.filter((l) => l.name === 'DTSTART' || l.name === 'DTEND').map((l) => `${l.name}${l.params}:${l.value}`)).toEqual([
      'DTSTART;VALUE=DATE:20261201',
      'DTEND;VALUE=DATE:20261202',
    ]);
    expect(icsEvents(lines)).toHaveLength(1);
    expect(ics).not.toContain('VALARM');
  });

  it('the file is named after the order', () => {
    expect(calendarFileName(812)).toBe('ticket-812.ics');
  });
});

describe('text stays inside its property', () => {
  describe.each(PAYLOADS)('%s', (_name, payload) => {
    it('in the event title (SUMMARY)', () => {
      const event = readTicketFile(ticketCalendar({ ...TICKET, eventTitle: payload }));
      expect(unescapeText(event.get('SUMMARY') as string)).toBe(asOneLine(payload));
    });

    it('in the venue (LOCATION)', () => {
      const event = readTicketFile(ticketCalendar({ ...TICKET, venue: payload }));
      expect(unescapeText(event.get('LOCATION') as string)).toBe(asOneLine(payload));
    });

    it('in the seat names and the section (DESCRIPTION, still three lines)', () => {
      const event = readTicketFile(ticketCalendar({ ...TICKET, sectionLabel: payload, seatNames: [payload, 'B32', payload] }));
      const p = asOneLine(payload);
      expect(unescapeText(event.get('DESCRIPTION') as string)).toBe(`Order TXN-00000812\n${p}, seats ${p} B32 ${p}\nShow your QR ticket at the gate.`);
    });
  });
});
