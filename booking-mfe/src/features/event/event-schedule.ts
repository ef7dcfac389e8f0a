import type { Event } from '@sports/contracts';
import { VENUE_TIME_LABEL, VENUE_TIME_ZONE } from '../../shared/format';

const manila = new Intl.DateTimeFormat('en-PH', {
  timeZone: VENUE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as the complex's visitors read it, in Manila time and labelled: 'Sat, Dec 12, 2026, 6:00 PM PHT'. */
export function formatManilaDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${manila.format(t)} ${VENUE_TIME_LABEL}` : iso;
}

/** The venue's address as one line: street, barangay, city, province (the parts the event has). */
export function addressLine(venue: NonNullable<Event['venue']>): string {
  return [venue.street, venue.barangay, venue.city, venue.province].filter((part): part is string => Boolean(part)).join(', ');
}
