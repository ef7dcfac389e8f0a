import type { MyDataResponse } from '@sports/contracts';
import type { Queryable } from '../db';

type Data = Omit<MyDataResponse, 'success' | 'exportedAt'>;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
const place = (code: string | null, name: string | null) => (code === null ? null : { code, name: name ?? '' });

interface AccountRow {
  id: number;
  account_no: string;
  email: string;
  first_name: string;
  last_name: string;
  middle_initial: string | null;
  suffix: string | null;
  gender: string | null;
  region_code: string | null;
  region: string | null;
  province_code: string | null;
  province: string | null;
  city_code: string | null;
  city: string | null;
  barangay_code: string | null;
  barangay: string | null;
  house_address: string | null;
  role: string;
  status: string;
  has_password: boolean;
  email_confirmed_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
}

async function account(db: Queryable, userId: number): Promise<Data['account'] | null> {
  const { rows } = await db.query<AccountRow>(
    `SELECT u.id, u.account_no, u.email, u.first_name, u.last_name, u.middle_initial, u.suffix, u.gender,
            u.region_code, rg.name AS region, u.province_code, pv.name AS province, u.city_code, ct.name AS city,
            u.barangay_code, bg.name AS barangay, u.house_address, r.name AS role, u.status,
            u.password_hash IS NOT NULL AS has_password, u.email_confirmed_at, u.created_at, u.last_login_at
     FROM users u JOIN roles r ON r.id = u.role_id
     LEFT JOIN regions rg ON rg.code = u.region_code LEFT JOIN provinces pv ON pv.code = u.province_code
     LEFT JOIN cities ct ON ct.code = u.city_code LEFT JOIN barangays bg ON bg.code = u.barangay_code
     WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId],
  );
  const u = rows[0];
  if (!u) return null;
  return {
    id: u.id,
    accountNo: u.account_no,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    middleInitial: u.middle_initial,
    suffix: u.suffix,
    gender: u.gender,
    address:
      u.house_address === null
        ? null
        : { region: place(u.region_code, u.region), province: place(u.province_code, u.province), city: place(u.city_code, u.city), barangay: place(u.barangay_code, u.barangay), house: u.house_address },
    role: u.role,
    status: u.status,
    hasPassword: u.has_password,
    emailConfirmedAt: iso(u.email_confirmed_at),
    createdAt: u.created_at.toISOString(),
    lastLoginAt: iso(u.last_login_at),
  };
}

async function orders(db: Queryable, userId: number): Promise<Data['orders']> {
  const { rows } = await db.query<{
    id: number; event_id: number; title: string; starts_at: Date; section: string; status: string; seats: number[]; total: number;
    payment_method: string | null; created_at: Date; paid_at: Date | null; released_at: Date | null;
  }>(
    `SELECT o.id, e.id AS event_id, e.title, e.starts_at, s.label AS section, o.status,
            ARRAY(SELECT os.seat_number FROM order_seats os WHERE os.order_id = o.id ORDER BY os.seat_number) AS seats,
            o.total_amount::float8 AS total, o.payment_method, o.created_at, o.paid_at, o.released_at
     FROM orders o JOIN events e ON e.id = o.event_id JOIN sections s ON s.id = o.section_id
     WHERE o.user_id = $1 ORDER BY o.created_at, o.id`,
    [userId],
  );
  return rows.map((o) => ({
    id: o.id,
    event: { id: o.event_id, title: o.title, startsAt: o.starts_at.toISOString() },
    section: o.section,
    status: o.status,
    seats: o.seats,
    totalAmount: o.total,
    paymentMethod: o.payment_method,
    createdAt: o.created_at.toISOString(),
    paidAt: iso(o.paid_at),
    releasedAt: iso(o.released_at),
  }));
}

/** The tickets of the caller's orders that nobody else holds, and those given to the caller: ids and codes, no signature. */
async function tickets(db: Queryable, userId: number): Promise<Data['tickets']> {
  const { rows } = await db.query<{ id: string; code: string; order_id: number; seat: number; recipient: boolean; transferred_at: Date | null; checked_in_at: Date | null }>(
    `SELECT t.id, t.code, t.order_id, t.seat_number AS seat, t.holder_user_id IS NOT NULL AS recipient, t.transferred_at, c.checked_in_at
     FROM tickets t JOIN orders o ON o.id = t.order_id LEFT JOIN ticket_checkins c ON c.ticket_id = t.id
     WHERE (o.user_id = $1 AND t.holder_user_id IS NULL) OR t.holder_user_id = $1
     ORDER BY t.order_id, t.seat_number, t.id`,
    [userId],
  );
  return rows.map((t) => ({
    id: t.id,
    code: t.code,
    orderId: t.order_id,
    seat: t.seat,
    heldAs: t.recipient ? ('recipient' as const) : ('buyer' as const),
    transferredAt: iso(t.transferred_at),
    checkedInAt: iso(t.checked_in_at),
  }));
}

async function transfers(db: Queryable, userId: number): Promise<Data['transfers']> {
  const { rows } = await db.query<{
    id: number; ticket_id: string; new_ticket_id: string | null; to_email: string; state: string; sent: boolean;
    created_at: Date; claimed_at: Date | null; revoked_at: Date | null;
  }>(
    `SELECT id, ticket_id, new_ticket_id, to_email, state, from_user_id = $1 AS sent, created_at, claimed_at, revoked_at
     FROM ticket_transfers WHERE from_user_id = $1 OR to_user_id = $1 ORDER BY id`,
    [userId],
  );
  return {
    sent: rows
      .filter((t) => t.sent)
      .map((t) => ({ id: t.id, ticketId: t.ticket_id, toEmail: t.to_email, state: t.state, sentAt: t.created_at.toISOString(), claimedAt: iso(t.claimed_at), revokedAt: iso(t.revoked_at) })),
    received: rows
      .filter((t) => !t.sent)
      .map((t) => ({ id: t.id, ticketId: t.ticket_id, newTicketId: t.new_ticket_id, state: t.state, sentAt: t.created_at.toISOString(), claimedAt: iso(t.claimed_at) })),
  };
}

async function writings(db: Queryable, userId: number): Promise<Pick<Data, 'reviews' | 'feedback' | 'inquiries'>> {
  // One after another: on a transaction's connection, queries cannot overlap.
  const reviews = await db.query<{ id: number; event_id: number; rating: number; body: string; created_at: Date; response: string | null; responded_at: Date | null }>(
    'SELECT id, event_id, rating, body, created_at, response, responded_at FROM reviews WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  const feedback = await db.query<{ id: number; rating: number; comment: string; created_at: Date }>('SELECT id, rating, comment, created_at FROM feedback WHERE user_id = $1 ORDER BY id', [userId]);
  const inquiries = await db.query<{ id: number; name: string; email: string; message: string; created_at: Date; response: string | null; responded_at: Date | null }>(
    'SELECT id, name, email, message, created_at, response, responded_at FROM inquiries WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return {
    reviews: reviews.rows.map((r) => ({ id: r.id, eventId: r.event_id, rating: r.rating, body: r.body, createdAt: r.created_at.toISOString(), response: r.response, respondedAt: iso(r.responded_at) })),
    feedback: feedback.rows.map((f) => ({ id: f.id, rating: f.rating, comment: f.comment, createdAt: f.created_at.toISOString() })),
    inquiries: inquiries.rows.map((i) => ({ id: i.id, name: i.name, email: i.email, message: i.message, createdAt: i.created_at.toISOString(), response: i.response, respondedAt: iso(i.responded_at) })),
  };
}

/** Sign-in and mail-link records: when, never the tokens or codes. */
async function security(db: Queryable, userId: number): Promise<Pick<Data, 'googleIdentities' | 'sessions' | 'emailConfirmations' | 'passwordResets'>> {
  const identities = await db.query<{ subject: string; email: string | null; created_at: Date }>('SELECT subject, email, created_at FROM user_identities WHERE user_id = $1 ORDER BY created_at', [userId]);
  const sessions = await db.query<{ created_at: Date; expires_at: Date; revoked_at: Date | null }>('SELECT created_at, expires_at, revoked_at FROM sessions WHERE user_id = $1 ORDER BY created_at', [userId]);
  const confirmations = await db.query<{ created_at: Date; expires_at: Date; used_at: Date | null }>('SELECT created_at, expires_at, used_at FROM email_confirmation_tokens WHERE user_id = $1 ORDER BY id', [userId]);
  const resets = await db.query<{ created_at: Date; used_at: Date | null }>('SELECT created_at, used_at FROM password_reset_codes WHERE user_id = $1 ORDER BY id', [userId]);
  return {
    googleIdentities: identities.rows.map((i) => ({ subject: i.subject, email: i.email, linkedAt: i.created_at.toISOString() })),
    sessions: sessions.rows.map((s) => ({ startedAt: s.created_at.toISOString(), expiresAt: s.expires_at.toISOString(), endedAt: iso(s.revoked_at) })),
    emailConfirmations: confirmations.rows.map((c) => ({ sentAt: c.created_at.toISOString(), expiresAt: c.expires_at.toISOString(), usedAt: iso(c.used_at) })),
    passwordResets: resets.rows.map((r) => ({ requestedAt: r.created_at.toISOString(), usedAt: iso(r.used_at) })),
  };
}

/** Everything stored about the account, read in one snapshot (the caller runs it in a read-only transaction); null when it is gone. */
export async function exportAccountData(db: Queryable, userId: number): Promise<Data | null> {
  const acc = await account(db, userId);
  if (!acc) return null;
  const ordered = await orders(db, userId);
  const held = await tickets(db, userId);
  const given = await transfers(db, userId);
  const written = await writings(db, userId);
  const secured = await security(db, userId);
  return { account: acc, ...secured, orders: ordered, tickets: held, transfers: given, ...written };
}
