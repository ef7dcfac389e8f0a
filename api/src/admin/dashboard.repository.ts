import type { Queryable } from '../db';
import { manilaDateSql, personNameSql } from '../db/sql';

export interface CardsRow {
  tickets_created: number;
  tickets_sold: number;
  accounts_created: number;
  active_users: number;
  organizations: number;
  organization_tickets: number;
}

const ORGANIZER_ROLE = `(SELECT r.id FROM roles r WHERE r.name = 'Organizer')`;
/** The tickets sold among the paid orders `o` a query reads: their seats. */
const PAID_SEATS = 'coalesce(sum(o.seat_count), 0)';

/**
 * The four cards and the organizations' summary line, in one statement (one snapshot); what each
 * counts is documented on dashboardCardsSchema in the contracts and in docs/dashboards.md: a
 * ticket is one seat, and a ticket sold is one of a paid order (PAID_SEATS). The organizations'
 * tickets are all tickets sold less those of events no organizer account owns (few: the venue's
 * own), so the paid orders are read once, not joined to their events.
 */
export async function cards(db: Queryable): Promise<CardsRow> {
  const { rows } = await db.query<Omit<CardsRow, 'organization_tickets'> & { other_sold: number }>(
    `SELECT (SELECT coalesce(sum(seat_count), 0) FROM orders)::int AS tickets_created,
            (SELECT ${PAID_SEATS} FROM orders o WHERE o.status = 'paid')::int AS tickets_sold,
            (SELECT count(*) FROM users)::int AS accounts_created,
            (SELECT count(*) FROM users WHERE last_login_at > now() - interval '30 days')::int AS active_users,
            (SELECT count(*) FROM users WHERE role_id = ${ORGANIZER_ROLE})::int AS organizations,
            (SELECT coalesce(sum((SELECT ${PAID_SEATS} FROM orders o WHERE o.event_id = e.id AND o.status = 'paid')), 0) FROM events e
             WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = e.organizer_user_id AND u.role_id = ${ORGANIZER_ROLE}))::int AS other_sold`,
  );
  const { other_sold: otherSold, ...row } = rows[0] as Omit<CardsRow, 'organization_tickets'> & { other_sold: number };
  return { ...row, organization_tickets: row.tickets_sold - otherSold };
}

export interface OrganizationRow {
  id: number;
  name: string;
  email: string;
  tickets: number;
}

/** Organizer accounts that asked for an event, the latest request first. */
export async function requestingOrganizers(db: Queryable, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH latest AS (
       SELECT organizer_user_id AS id, max(created_at) AS at FROM events WHERE organizer_user_id IS NOT NULL GROUP BY organizer_user_id
     )
     SELECT l.id FROM latest l JOIN users u ON u.id = l.id
     WHERE u.role_id = ${ORGANIZER_ROLE}
     ORDER BY l.at DESC, l.id DESC
     LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** The newest organizer accounts that never asked for an event. */
export async function newestOrganizersWithoutRequest(db: Queryable, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u
     WHERE u.role_id = ${ORGANIZER_ROLE} AND NOT EXISTS (SELECT 1 FROM events e WHERE e.organizer_user_id = u.id)
     ORDER BY u.created_at DESC, u.id DESC
     LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** These organizer accounts, in the order given, each with the tickets sold for all its events. */
export async function organizationsWithTickets(db: Queryable, ids: readonly number[]): Promise<OrganizationRow[]> {
  const { rows } = await db.query<OrganizationRow>(
    `SELECT u.id, ${personNameSql('u')} AS name, u.email,
            (SELECT coalesce(sum((SELECT ${PAID_SEATS} FROM orders o WHERE o.event_id = e.id AND o.status = 'paid')), 0)
             FROM events e WHERE e.organizer_user_id = u.id)::int AS tickets
     FROM unnest($1::int[]) WITH ORDINALITY AS p(id, n) JOIN users u ON u.id = p.id
     ORDER BY p.n`,
    [ids],
  );
  return rows;
}

export interface PendingInquiryRow {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: Date;
  date: string;
}

/** The oldest unanswered inquiries first. */
export async function pendingInquiries(db: Queryable, limit: number): Promise<PendingInquiryRow[]> {
  const { rows } = await db.query<PendingInquiryRow>(
    `SELECT id, name, email, message, created_at, ${manilaDateSql('created_at')} AS date
     FROM inquiries WHERE responded_at IS NULL ORDER BY created_at, id LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function countPendingInquiries(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inquiries WHERE responded_at IS NULL');
  return rows[0]?.n ?? 0;
}

/**
 * Tickets sold in each month (1-12) of a year in Asia/Manila: twelve range counts over the paid_at
 * index, so no sale's date is converted one by one.
 */
export async function salesByMonth(db: Queryable, year: number): Promise<{ month: number; tickets: number }[]> {
  const { rows } = await db.query<{ month: number; tickets: number }>(
    `SELECT m AS month,
            (SELECT ${PAID_SEATS} FROM orders o
             WHERE o.status = 'paid'
               AND o.paid_at >= make_timestamptz($1, m, 1, 0, 0, 0, 'Asia/Manila')
               AND o.paid_at < make_timestamptz($1 + m / 12, m % 12 + 1, 1, 0, 0, 0, 'Asia/Manila'))::int AS tickets
     FROM generate_series(1, 12) AS m
     ORDER BY m`,
    [year],
  );
  return rows;
}

/**
 * Every year (Asia/Manila) with at least one paid order, ascending: one index probe per year
 * (the first sale at or after each January 1st), not a scan of every sale.
 */
export async function salesYears(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ year: number }>(
    `WITH RECURSIVE y(year) AS (
       SELECT extract(year FROM min(o.paid_at) AT TIME ZONE 'Asia/Manila')::int FROM orders o WHERE o.status = 'paid'
       UNION ALL
       SELECT (SELECT extract(year FROM min(o.paid_at) AT TIME ZONE 'Asia/Manila')::int FROM orders o
               WHERE o.status = 'paid' AND o.paid_at >= make_timestamptz(y.year + 1, 1, 1, 0, 0, 0, 'Asia/Manila'))
       FROM y WHERE y.year IS NOT NULL
     )
     SELECT year FROM y WHERE year IS NOT NULL ORDER BY year`,
  );
  return rows.map((r) => r.year);
}

/** The current year in Asia/Manila, by the database clock. */
export async function currentYear(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ year: number }>(`SELECT extract(year FROM now() AT TIME ZONE 'Asia/Manila')::int AS year`);
  return rows[0]?.year ?? new Date().getUTCFullYear();
}
