import { CURRENCY, CURRENCY_LOCALE } from './constants';

const pesos = new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'currency', currency: CURRENCY });
const longDate = new Intl.DateTimeFormat(CURRENCY_LOCALE, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** A peso amount, e.g. ₱150.00. */
export function formatPesos(amount: number): string {
  return pesos.format(amount);
}

/**
 * A calendar date 'YYYY-MM-DD' as 'Sat, Apr 12, 2025'. The date is read as a local calendar day
 * (not as UTC midnight), so it never shifts by one day with the viewer's time zone.
 */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match;
  return longDate.format(new Date(Number(y), Number(m) - 1, Number(d)));
}

/** True once ticket sales have closed: sales close when the event starts (PRODUCT §1). */
export function salesClosed(event: { startsAt: string }, now: number = Date.now()): boolean {
  const startsAt = Date.parse(event.startsAt);
  return Number.isFinite(startsAt) && startsAt <= now;
}

/** Seat numbers as SPEC's messages list them: '12, 13, 14'. */
export function formatSeatList(seats: readonly number[]): string {
  return seats.join(', ');
}

/** Time left as mm:ss (minutes keep counting past 59), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * An event's announced time as the value of an <input type="time"> ('HH:mm'): accepts '8:00 AM',
 * '08:00 pm' and '19:30'; '' when there is none or it cannot be read.
 */
export function toTimeInputValue(time: string | undefined): string {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp][Mm])?\s*$/.exec(time ?? '');
  if (!match) return '';
  const [, h, m, meridiem] = match;
  let hours = Number(h);
  const minutes = Number(m);
  if (minutes > 59) return '';
  if (meridiem) {
    if (hours < 1 || hours > 12) return '';
    const pm = meridiem.toLowerCase() === 'pm';
    hours = (hours % 12) + (pm ? 12 : 0);
  } else if (hours > 23) {
    return '';
  }
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The complex is in Manila: every time a buyer reads (booked, released, refunded, checked in) is Manila's, whatever the device's zone. */
export const VENUE_TIME_ZONE = 'Asia/Manila';
/** Said after a time so nobody reads it as their device's: Philippine Time. */
export const VENUE_TIME_LABEL = 'PHT';

const manilaDateTime = new Intl.DateTimeFormat(CURRENCY_LOCALE, {
  timeZone: VENUE_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant (ISO) in Manila time, labelled, e.g. 'Jun 1, 2099, 8:00 PM PHT'; '' when unreadable. */
export function formatInstant(iso: string | undefined): string {
  const ms = Date.parse(iso ?? '');
  return Number.isFinite(ms) ? `${manilaDateTime.format(new Date(ms))} ${VENUE_TIME_LABEL}` : '';
}
