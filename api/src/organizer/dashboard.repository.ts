import type { Queryable } from '../db';
import { EVENT_OVER_AT } from '../db/event-sql';

// The caller's tickets sold ($1 organizer, $2 one event or NULL for all, $3 now): the live tickets
// of paid orders, one per seat (docs/dashboards.md), each with whether it was checked in, whether
// its event is over, and whether its event runs today.
const TICKETS = `
  WITH t AS MATERIALIZED (
    SELECT tk.id, sec.label AS type, (o.paid_at AT TIME ZONE 'Asia/Manila')::date AS paid_day,
           EXISTS (SELECT 1 FROM ticket_checkins c WHERE c.ticket_id = tk.id) AS present,
           ${EVENT_OVER_AT} <= $3 AS over,
           e.starts_at < (date_trunc('day', $3::timestamptz AT TIME ZONE 'Asia/Manila') + interval '1 day') AT TIME ZONE 'Asia/Manila' AS started_by_tonight
    FROM orders o
    JOIN events e ON e.id = o.event_id
    JOIN sections sec ON sec.id = o.section_id
    JOIN tickets tk ON tk.order_id = o.id AND tk.transferred_at IS NULL
    WHERE e.organizer_user_id = $1 AND ($2::int IS NULL OR e.id = $2) AND o.status = 'paid'
  )`;

export interface Cards {
  no_shows: number;
  due_today: number;
  open: number;
  all: number;
}

export async function countCards(db: Queryable, organizerId: number, eventId: number | null, now: Date): Promise<Cards> {
  const { rows } = await db.query<Cards>(
    `${TICKETS}
     SELECT count(*) FILTER (WHERE NOT present AND over)::int AS no_shows,
            count(*) FILTER (WHERE NOT present AND NOT over AND started_by_tonight)::int AS due_today,
            count(*) FILTER (WHERE NOT present AND NOT over)::int AS open,
            count(*)::int AS all
     FROM t`,
    [organizerId, eventId, now],
  );
  return rows[0] ?? { no_shows: 0, due_today: 0, open: 0, all: 0 };
}

export async function countByType(db: Queryable, organizerId: number, eventId: number | null, now: Date): Promise<Array<{ type: string; tickets: number; no_shows: number }>> {
  const { rows } = await db.query<{ type: string; tickets: number; no_shows: number }>(
    `${TICKETS}
     SELECT type, count(*)::int AS tickets, count(*) FILTER (WHERE NOT present AND over)::int AS no_shows
     FROM t GROUP BY type ORDER BY count(*) DESC, type`,
    [organizerId, eventId, now],
  );
  return rows;
}

/** The last `days` Manila days up to today: tickets paid each day, and all paid up to its end. */
export async function reservationProgress(db: Queryable, organizerId: number, eventId: number | null, now: Date, days: number): Promise<Array<{ date: string; tickets: number; cumulative: number }>> {
  const { rows } = await db.query<{ date: string; tickets: number; cumulative: number }>(
    `${TICKETS},
     days AS (
       SELECT d::date AS day
       FROM generate_series(($3::timestamptz AT TIME ZONE 'Asia/Manila')::date - ($4::int - 1), ($3::timestamptz AT TIME ZONE 'Asia/Manila')::date, interval '1 day') d
     )
     SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
            (SELECT count(*) FROM t WHERE t.paid_day = days.day)::int AS tickets,
            (SELECT count(*) FROM t WHERE t.paid_day <= days.day)::int AS cumulative
     FROM days ORDER BY days.day`,
    [organizerId, eventId, now, days],
  );
  return rows;
}
