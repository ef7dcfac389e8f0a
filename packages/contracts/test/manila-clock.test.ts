// Times of day as the check-in answers say them: Manila's clock, with the date where it matters.
import { formatManilaClock, formatManilaClockAndDay, formatManilaClockNear, formatManilaDay } from '../src';

describe('Manila clock texts', () => {
  // 2026-05-01 09:00 UTC is 5:00 PM in Manila (UTC+8, no daylight saving).
  const fivePm = new Date('2026-05-01T09:00:00Z');

  it('names the Manila day, which may be the next UTC day', () => {
    expect(formatManilaDay(fivePm)).toBe('05-01-2026');
    expect(formatManilaDay(new Date('2026-05-01T16:30:00Z'))).toBe('05-02-2026');
    expect(formatManilaClock(new Date('2026-05-01T16:30:00Z'))).toBe('12:30 AM');
  });

  it('gives the date with the time, or only the time on the same Manila day', () => {
    expect(formatManilaClockAndDay(fivePm)).toBe('5:00 PM on 05-01-2026');
    expect(formatManilaClockNear(fivePm, new Date('2026-04-30T16:00:00Z'))).toBe('5:00 PM');
    expect(formatManilaClockNear(fivePm, new Date('2026-04-30T15:59:00Z'))).toBe('5:00 PM on 05-01-2026');
  });
});
