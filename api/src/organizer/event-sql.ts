// SQL pieces the organizer screens share, over an events row aliased `e`.

/** When an event is over: its end, or without one the end of its start day in Manila. */
export const EVENT_OVER_AT = `coalesce(e.ends_at, (date_trunc('day', e.starts_at AT TIME ZONE 'Asia/Manila') + interval '1 day') AT TIME ZONE 'Asia/Manila')`;

/** Seats the event is sold on: its own plan's, or the venue's sections without one. */
export const EVENT_CAPACITY = `coalesce((SELECT p.capacity FROM event_seat_plans p WHERE p.event_id = e.id), (SELECT coalesce(sum(s.capacity), 0) FROM sections s WHERE s.event_id IS NULL))::int`;

/** MM-DD-YYYY of an instant in Manila. */
export const manilaDate = (expr: string): string => `to_char(${expr} AT TIME ZONE 'Asia/Manila', 'MM-DD-YYYY')`;
/** 6:00 PM of an instant in Manila. */
export const manilaTime = (expr: string): string => `to_char(${expr} AT TIME ZONE 'Asia/Manila', 'FMHH12:MI AM')`;

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Page count for `total` rows, at least 1 (an empty table is "1 of 1"). */
export const totalPages = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
