// The event date format of Create Event (SPEC's `02-15-2024 06:00 am`), parsed strictly in
// Asia/Manila: every rule of packages/contracts/src/organizer-datetime.ts.
import { formatEventDateTime, formatManilaClock, parseEventDateTime, parseEventPeriod } from '@sports/contracts';

const iso = (text: string): string | null => {
  const r = parseEventDateTime(text, 'Start');
  return r.ok ? r.instant.toISOString() : null;
};
const error = (text: string): string | null => {
  const r = parseEventDateTime(text, 'Start');
  return r.ok ? null : r.error;
};

describe('event date and time (MM-DD-YYYY hh:mm am, Asia/Manila)', () => {
  it("reads SPEC's example as Manila wall-clock time (UTC+08:00)", () => {
    expect(iso('02-15-2024 06:00 am')).toBe('2024-02-14T22:00:00.000Z');
    expect(iso('02-15-2024 06:00 pm')).toBe('2024-02-15T10:00:00.000Z');
  });

  it('12:00 am is midnight at the start of the day, 12:00 pm is noon', () => {
    expect(iso('03-01-2030 12:00 am')).toBe('2030-02-28T16:00:00.000Z');
    expect(iso('03-01-2030 12:30 pm')).toBe('2030-03-01T04:30:00.000Z');
    expect(iso('03-01-2030 11:59 pm')).toBe('2030-03-01T15:59:00.000Z');
  });

  it('accepts AM/PM in either case and ignores spaces around the text', () => {
    expect(iso('02-15-2030 06:00 PM')).toBe(iso('02-15-2030 06:00 pm'));
    expect(iso('  02-15-2030 06:00 am\t')).toBe('2030-02-14T22:00:00.000Z');
  });

  it.each([
    '2-15-2030 06:00 am',
    '02-15-30 06:00 am',
    '02/15/2030 06:00 am',
    '2030-02-15 06:00 am',
    '02-15-2030 6:00 am',
    '02-15-2030 06:00',
    '02-15-2030 18:00',
    '02-15-2030 06:00am',
    '02-15-2030  06:00 am',
    '02-15-2030 06:00:00 am',
    '02-15-2030 06:00 a.m.',
    '',
    '02-15-2030 06:00 am extra',
    '０２-15-2030 06:00 am',
  ])('refuses the shape %j', (text) => {
    expect(error(text)).toBe('Start must look like 02-15-2024 06:00 am');
  });

  it.each(['02-30-2030 06:00 am', '02-29-2029 06:00 am', '13-01-2030 06:00 am', '00-10-2030 06:00 am', '04-31-2030 06:00 am', '01-00-2030 06:00 am', '01-01-1999 06:00 am', '01-01-3000 06:00 am'])(
    'refuses the date that does not exist: %s',
    (text) => {
      expect(error(text)).toBe('Start is not a real date');
    },
  );

  it('knows leap years', () => {
    expect(iso('02-29-2028 06:00 am')).toBe('2028-02-28T22:00:00.000Z');
    expect(iso('02-29-2000 06:00 am')).toBe('2000-02-28T22:00:00.000Z');
    expect(error('02-29-2100 06:00 am')).toBe('Start is not a real date');
  });

  it.each(['02-15-2030 00:30 am', '02-15-2030 13:00 pm', '02-15-2030 06:60 am', '02-15-2030 99:00 am'])('refuses the time that does not exist: %s', (text) => {
    expect(error(text)).toBe('Start is not a real time (hours 01-12, minutes 00-59)');
  });

  it('formats back to the same text (lowercase am/pm), and a clock time for the screens', () => {
    for (const text of ['02-15-2024 06:00 am', '12-31-2030 11:59 pm', '01-01-2031 12:00 am', '07-04-2030 12:15 pm']) {
      const r = parseEventDateTime(text, 'Start');
      expect(r.ok && formatEventDateTime(r.instant)).toBe(text);
    }
    expect(formatManilaClock(new Date('2030-02-15T10:05:00Z'))).toBe('6:05 PM');
    expect(formatManilaClock(new Date('2030-02-14T16:00:00Z'))).toBe('12:00 AM');
  });

  describe('the period rules', () => {
    const now = new Date('2030-02-15T10:00:30Z'); // 06:00:30 pm in Manila
    it('start strictly after now: the current minute has already begun', () => {
      expect(parseEventPeriod('02-15-2030 06:00 pm', '02-15-2030 09:00 pm', now)).toEqual({ ok: false, error: 'The event must start in the future' });
      expect(parseEventPeriod('02-15-2030 05:59 pm', '02-15-2030 09:00 pm', now)).toEqual({ ok: false, error: 'The event must start in the future' });
      expect(parseEventPeriod('02-15-2030 06:01 pm', '02-15-2030 09:00 pm', now)).toMatchObject({ ok: true });
    });
    it('end strictly after start', () => {
      expect(parseEventPeriod('02-16-2030 06:00 pm', '02-16-2030 06:00 pm', now)).toEqual({ ok: false, error: 'The end must be after the start' });
      expect(parseEventPeriod('02-16-2030 06:00 pm', '02-16-2030 05:59 pm', now)).toEqual({ ok: false, error: 'The end must be after the start' });
      expect(parseEventPeriod('02-16-2030 06:00 pm', '02-16-2030 06:01 pm', now)).toMatchObject({ ok: true });
      // Past midnight: the end is on the next day.
      expect(parseEventPeriod('02-16-2030 10:00 pm', '02-17-2030 02:00 am', now)).toMatchObject({ ok: true });
    });
    it('start within 730 days, events at most 30 days long', () => {
      expect(parseEventPeriod('02-15-2032 06:00 pm', '02-15-2032 07:00 pm', now)).toMatchObject({ ok: true });
      expect(parseEventPeriod('02-16-2032 06:01 pm', '02-16-2032 07:00 pm', now)).toEqual({ ok: false, error: 'The event must start within 730 days' });
      expect(parseEventPeriod('03-01-2030 06:00 pm', '03-31-2030 06:00 pm', now)).toMatchObject({ ok: true });
      expect(parseEventPeriod('03-01-2030 06:00 pm', '03-31-2030 06:01 pm', now)).toEqual({ ok: false, error: 'An event may last at most 30 days' });
    });
    it('names the field that is wrong', () => {
      expect(parseEventPeriod('02-16-2030 06:00 pm', '02-31-2030 06:00 pm', now)).toEqual({ ok: false, error: 'End date and time is not a real date' });
      expect(parseEventPeriod('tomorrow', '02-16-2030 06:00 pm', now)).toEqual({ ok: false, error: 'Start date and time must look like 02-15-2024 06:00 am' });
    });
  });
});
