/** The estimated wait as a person says it: 'Less than a minute', 'About 3 minutes', 'About 2 hours'; null: not known yet. */
export function waitText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'Working out your wait…';
  if (seconds < 60) return 'Less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `About ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  return `About ${hours} hours`;
}

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** When a pass ends, on the buyer's own clock ('10:42 AM'); null for a value that is not an instant. */
export function passEndText(iso: string | undefined): string | null {
  const t = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isFinite(t) ? clock.format(t) : null;
}
