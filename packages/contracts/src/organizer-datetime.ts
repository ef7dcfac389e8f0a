// The event start and end as typed on Create Event, in SPEC's example format `02-15-2024 06:00 am`,
// read as a wall-clock time in Asia/Manila. Shared by the API (which decides) and the screen (which
// can say the same thing before sending). No validator imported: free for any app.
//
// The exact rules (the API's contract):
//   - shape MM-DD-YYYY hh:mm am|pm: two-digit month, two-digit day, four-digit year, one space,
//     two-digit hour 01-12, colon, two-digit minute 00-59, one space, am or pm (either case:
//     "am", "AM"). Spaces around the whole text are ignored; nothing else is (no single digits,
//     no 24-hour times, no seconds, no other separators).
//   - a real calendar date: month 01-12, day within that month (02-29 only in leap years),
//     year 2000-2999.
//   - 12:00 am is midnight at the start of that day, 12:00 pm is noon.
//   - Asia/Manila is UTC+08:00 all year (no daylight saving since 1978), so every wall-clock
//     time maps to exactly one instant.
//   - start strictly after the moment the server receives the request (a start in the current
//     minute has already begun: refused);
//   - start at most EVENT_MAX_DAYS_AHEAD days after that moment;
//   - end strictly after start (equal is refused), and at most EVENT_MAX_LENGTH_DAYS days after it.

export const EVENT_DATETIME_EXAMPLE = '02-15-2024 06:00 am';
export const EVENT_MAX_DAYS_AHEAD = 730;
export const EVENT_MAX_LENGTH_DAYS = 30;

const SHAPE = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}) ([aApP][mM])$/;
const MANILA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type ParsedEventTime = { ok: true; instant: Date } | { ok: false; error: string };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `label` names the field in the message ("Start date and time", "End date and time"). */
export function parseEventDateTime(text: string, label: string): ParsedEventTime {
  const match = SHAPE.exec(text.trim());
  if (!match) return { ok: false, error: `${label} must look like ${EVENT_DATETIME_EXAMPLE}` };
  const [, mm, dd, yyyy, hh, mi, ampm] = match as unknown as [string, string, string, string, string, string, string];
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  const hour = Number(hh);
  const minute = Number(mi);
  if (month < 1 || month > 12 || year < 2000 || year > 2999 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, error: `${label} is not a real date` };
  }
  if (hour < 1 || hour > 12 || minute > 59) return { ok: false, error: `${label} is not a real time (hours 01-12, minutes 00-59)` };
  const hour24 = (hour % 12) + (ampm.toLowerCase() === 'pm' ? 12 : 0);
  return { ok: true, instant: new Date(Date.UTC(year, month - 1, day, hour24, minute) - MANILA_OFFSET_MS) };
}

/** The instant back in the same format, lowercase am/pm: parseEventDateTime(format(x)) gives x (to the minute). */
export function formatEventDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + MANILA_OFFSET_MS);
  const two = (n: number): string => String(n).padStart(2, '0');
  const hour = local.getUTCHours();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}-${local.getUTCFullYear()} ${two(hour12)}:${two(local.getUTCMinutes())} ${hour < 12 ? 'am' : 'pm'}`;
}

export type EventPeriod = { ok: true; startsAt: Date; endsAt: Date } | { ok: false; error: string };

/** Both fields and the rules between them and `now`, in the order a person fixes them. */
export function parseEventPeriod(start: string, end: string, now: Date): EventPeriod {
  const s = parseEventDateTime(start, 'Start date and time');
  if (!s.ok) return s;
  const e = parseEventDateTime(end, 'End date and time');
  if (!e.ok) return e;
  if (s.instant.getTime() <= now.getTime()) return { ok: false, error: 'The event must start in the future' };
  if (s.instant.getTime() > now.getTime() + EVENT_MAX_DAYS_AHEAD * DAY_MS) return { ok: false, error: `The event must start within ${EVENT_MAX_DAYS_AHEAD} days` };
  if (e.instant.getTime() <= s.instant.getTime()) return { ok: false, error: 'The end must be after the start' };
  if (e.instant.getTime() - s.instant.getTime() > EVENT_MAX_LENGTH_DAYS * DAY_MS) return { ok: false, error: `An event may last at most ${EVENT_MAX_LENGTH_DAYS} days` };
  return { ok: true, startsAt: s.instant, endsAt: e.instant };
}

/** The wall-clock time of an instant in Manila as the screens show it: 6:05 PM. */
export function formatManilaClock(instant: Date): string {
  const local = new Date(instant.getTime() + MANILA_OFFSET_MS);
  const hour = local.getUTCHours();
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The Manila date of an instant as the screens show it beside a time: 05-01-2026. */
export function formatManilaDay(instant: Date): string {
  return formatEventDateTime(instant).slice(0, 10);
}

/** A time of day in Manila with its date: 6:05 PM on 05-01-2026. */
export function formatManilaClockAndDay(instant: Date): string {
  return `${formatManilaClock(instant)} on ${formatManilaDay(instant)}`;
}

/** A time of day in Manila, with its date only when that is not `now`'s Manila day: 5:00 PM, or 5:00 PM on 05-02-2026. */
export function formatManilaClockNear(instant: Date, now: Date): string {
  return formatManilaDay(instant) === formatManilaDay(now) ? formatManilaClock(instant) : formatManilaClockAndDay(instant);
}
