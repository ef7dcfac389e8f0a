import type { Event } from '@sports/contracts';

export interface SeasonMonth {
  /** YYYY-MM of the events' Manila dates. */
  key: string;
  /** "December 2026". */
  label: string;
  events: Event[];
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return MONTH_LABEL.format(new Date(Date.UTC(year as number, (month as number) - 1, 1)));
}

/**
 * The events on sale grouped by the month of their (Manila) date, months in order and events in
 * order of their start. The API lists events with seats left first, so the order is made here.
 */
export function eventsByMonth(events: readonly Event[]): SeasonMonth[] {
  const sorted = [...events].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
  const months = new Map<string, Event[]>();
  for (const event of sorted) {
    const key = event.date.slice(0, 7);
    const list = months.get(key);
    if (list) list.push(event);
    else months.set(key, [event]);
  }
  return [...months].map(([key, list]) => ({ key, label: monthLabel(key), events: list }));
}
