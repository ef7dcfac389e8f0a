// The check-in window of Create Event: how many minutes before the start the doors open and how
// many after the end check-in closes (the API's CHECKIN_WINDOW_LIMITS and messages).
import { CHECKIN_WINDOW_LIMITS, parseEventDateTime } from '@sports/contracts';

export const OPENS_LABEL = 'Doors open (minutes before start)';
export const CLOSES_LABEL = 'Check-in closes (minutes after end)';

/** The typed minutes, or the API's message for them. */
export function parseWindowMinutes(value: string, label: string): { ok: true; minutes: number } | { ok: false; error: string } {
  const trimmed = value.trim();
  const minutes = Number(trimmed);
  if (!/^\d{1,4}$/.test(trimmed) || minutes < CHECKIN_WINDOW_LIMITS.min || minutes > CHECKIN_WINDOW_LIMITS.max) {
    return { ok: false, error: `${label} must be a whole number of minutes from ${CHECKIN_WINDOW_LIMITS.min} to ${CHECKIN_WINDOW_LIMITS.max}` };
  }
  return { ok: true, minutes };
}

export function windowMinutesError(value: string, label: string): string | undefined {
  const parsed = parseWindowMinutes(value, label);
  return parsed.ok ? undefined : parsed.error;
}

/** When the doors open (or check-in closes) for the typed start (or end), in Manila; null until both read. */
function shiftedTime(dateText: string, dateLabel: string, minutesText: string, sign: 1 | -1): string | null {
  const date = parseEventDateTime(dateText, dateLabel);
  const minutes = parseWindowMinutes(minutesText, '');
  if (!date.ok || !minutes.ok) return null;
  const at = new Date(date.instant.getTime() + sign * minutes.minutes * 60_000);
  return at.toLocaleString('en-PH', { timeZone: 'Asia/Manila', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The hint under "Doors open": the clock time it gives, or the default in words. */
export function opensHint(start: string, minutes: string): string {
  const at = shiftedTime(start, 'Start date and time', minutes, -1);
  return at ? `Doors open ${at} (Manila time).` : `Default ${CHECKIN_WINDOW_LIMITS.defaultOpensMinutes} (${CHECKIN_WINDOW_LIMITS.defaultOpensMinutes / 60} hours); 0 to ${CHECKIN_WINDOW_LIMITS.max}.`;
}

/** The hint under "Check-in closes": the clock time it gives, or the default in words. */
export function closesHint(end: string, minutes: string): string {
  const at = shiftedTime(end, 'End date and time', minutes, 1);
  return at ? `Check-in closes ${at} (Manila time).` : `Default ${CHECKIN_WINDOW_LIMITS.defaultClosesMinutes}: when the event ends; up to ${CHECKIN_WINDOW_LIMITS.max}.`;
}
