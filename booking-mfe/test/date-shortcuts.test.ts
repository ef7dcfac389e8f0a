import { manilaToday, shortcutOf, shortcutRange } from '../src/features/search/date-shortcuts';

/** An instant given as Manila wall-clock time. */
const manila = (wallClock: string): Date => new Date(`${wallClock}+08:00`);

describe('the search date shortcuts, in Manila days', () => {
  it('takes the day from Manila, not from UTC or the visitor', () => {
    // 23:30 UTC on the 14th is 07:30 on the 15th in Manila.
    expect(manilaToday(new Date('2026-05-14T23:30:00Z'))).toBe('2026-05-15');
    expect(manilaToday(manila('2026-05-15T23:59:59'))).toBe('2026-05-15');
    expect(manilaToday(manila('2026-05-16T00:00:00'))).toBe('2026-05-16');
  });

  it('Today is the Manila day, both ends', () => {
    expect(shortcutRange('today', manila('2026-05-15T08:00:00'))).toEqual({ from: '2026-05-15', to: '2026-05-15' });
  });

  // 2026-05-11 is a Monday, 2026-05-16 a Saturday.
  it.each([
    ['2026-05-11T09:00:00', '2026-05-16', '2026-05-17'],
    ['2026-05-13T12:00:00', '2026-05-16', '2026-05-17'],
    ['2026-05-15T23:59:00', '2026-05-16', '2026-05-17'],
    ['2026-05-16T00:00:00', '2026-05-16', '2026-05-17'],
    ['2026-05-16T21:00:00', '2026-05-16', '2026-05-17'],
    ['2026-05-17T10:00:00', '2026-05-17', '2026-05-17'],
  ])('This weekend at %s (Manila) is %s to %s', (at, from, to) => {
    expect(shortcutRange('weekend', manila(at))).toEqual({ from, to });
  });

  it('This weekend crosses a month and a year end', () => {
    // Wednesday 2026-12-30: Saturday 2027-01-02, Sunday 2027-01-03.
    expect(shortcutRange('weekend', manila('2026-12-30T10:00:00'))).toEqual({ from: '2027-01-02', to: '2027-01-03' });
  });

  it('This month runs from today to the last day of the month, leap years included', () => {
    expect(shortcutRange('month', manila('2026-05-15T10:00:00'))).toEqual({ from: '2026-05-15', to: '2026-05-31' });
    expect(shortcutRange('month', manila('2028-02-03T10:00:00'))).toEqual({ from: '2028-02-03', to: '2028-02-29' });
    expect(shortcutRange('month', manila('2026-02-28T23:00:00'))).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    // The last evening of April in UTC is already May in Manila.
    expect(shortcutRange('month', new Date('2026-04-30T17:00:00Z'))).toEqual({ from: '2026-05-01', to: '2026-05-31' });
  });

  it('names the shortcut a from/to pair stands for, if any', () => {
    const now = manila('2026-05-13T12:00:00');
    expect(shortcutOf({ from: '2026-05-16', to: '2026-05-17' }, now)).toBe('weekend');
    expect(shortcutOf({ from: '2026-05-13', to: '2026-05-13' }, now)).toBe('today');
    expect(shortcutOf({ from: '2026-05-13', to: '2026-05-31' }, now)).toBe('month');
    expect(shortcutOf({ from: '2026-05-14', to: '2026-05-31' }, now)).toBeNull();
    expect(shortcutOf({}, now)).toBeNull();
  });
});
