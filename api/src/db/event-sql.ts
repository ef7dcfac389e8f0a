// SQL over an events row that several areas share. How an event's date and time read everywhere
// (Manila time): 2026-05-01 and 7:30 PM, no time when the event has none; when it is over; how many
// seats it is sold on, and which sections.
const column = (alias: string | undefined, name: string): string => (alias ? `${alias}.${name}` : name);

export function eventDateSql(alias?: string): string {
  return `to_char(${column(alias, 'starts_at')} AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD')`;
}

export function eventTimeSql(alias?: string): string {
  return `CASE WHEN ${column(alias, 'has_time')} THEN to_char(${column(alias, 'starts_at')} AT TIME ZONE 'Asia/Manila', 'FMHH12:MI AM') END`;
}

/** When an event is over: its end, or without one the end of its start day in Manila. */
export const EVENT_OVER_AT = `coalesce(e.ends_at, (date_trunc('day', e.starts_at AT TIME ZONE 'Asia/Manila') + interval '1 day') AT TIME ZONE 'Asia/Manila')`;

/** The event `e`'s check-in window ("doors"), as the columns doors_open_at and doors_close_at. */
export const EVENT_DOORS = `e.starts_at - make_interval(mins => e.checkin_opens_minutes) AS doors_open_at,
  ${EVENT_OVER_AT} + make_interval(mins => e.checkin_closes_minutes) AS doors_close_at`;

/** Seats of the venue's own sections: what an event without a seat plan is sold on. */
export const ARENA_CAPACITY = `(SELECT coalesce(sum(s.capacity), 0) FROM sections s WHERE s.event_id IS NULL)`;

/** Seats the event is sold on: its own plan's, or the venue's sections without one. */
export const EVENT_CAPACITY = `coalesce((SELECT p.capacity FROM event_seat_plans p WHERE p.event_id = e.id), ${ARENA_CAPACITY})::int`;

/**
 * SQL: the order seat `s` of the order `o` takes its seat at `now` (an SQL parameter): sold, or held
 * by a hold that has not run out. A hold being paid stays live past its expiry until the provider's
 * answer settles it.
 */
export function liveSeatSql(now: string): string {
  return `s.live AND ${liveOrderSql(now)}`;
}

/**
 * SQL: the order `o` is live at `now` (an SQL parameter): a ticket, or a hold that has not run out
 * or is being paid. What holds a seat, and what uses a promo code.
 */
export function liveOrderSql(now: string): string {
  return `(o.status = 'paid' OR (o.status = 'held' AND (o.expires_at > ${now} OR o.pending_attempt_id IS NOT NULL)))`;
}

/**
 * SQL: section `sec` is one the event `event` is sold on, its own plan's section when it has one
 * and the arena's otherwise (book_holds checks the same under the section's shared lock).
 */
export function soldOn(sec: string, event: string): string {
  return `${sec}.event_id IS NOT DISTINCT FROM (SELECT ps.event_id FROM sections ps WHERE ps.event_id = ${event})`;
}

/** SQL: what a seat of section `sec` costs at event `e` (pesos): the section's own price for it, else the event's one price. */
export function sectionPriceSql(e: string, sec: string): string {
  return `coalesce((SELECT p.price FROM event_section_prices p WHERE p.event_id = ${e}.id AND p.section_id = ${sec}.id), ${e}.price)`;
}
