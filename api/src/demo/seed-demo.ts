import type { Db, Queryable } from '../db';
import type { Logger } from '../logger';
import type { FileStore } from '../uploads/file-store';
import { seedDemoAdmin } from './seed-admin';
import { DEMO_EVENTS, anchoredStart, manilaToday } from './events';
import { DEMO_SECTIONS, levelOf } from './sections';
import { hashPassword } from '../auth/passwords';
import { seedDemoPeople } from './people';
import { seedDemoOrganizer } from './seed-organizer';
import { DEMO_ORGANIZER_EMAIL, DEMO_ORGANIZER_EVENT_IDS, DEMO_PASSWORD, DEMO_USERS } from './users';

export const DEMO_SEED_REFUSED = 'The demo seed never runs with NODE_ENV=production: its logins share a published password.';

/** pg_advisory_xact_lock key: two seeders never interleave. */
const SEED_LOCK = 727_002;

export interface SeedResult {
  seeded: boolean;
  /** The Manila date the event dates were anchored to (when seeded). */
  anchoredTo?: string;
}

async function isSeeded(tx: Queryable): Promise<boolean> {
  const { rows } = await tx.query<{ users: number; events: number; sections: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE lower(email) = ANY ($1::text[])) AS users,
            (SELECT count(*)::int FROM events WHERE id BETWEEN 1 AND $2) AS events,
            (SELECT count(*)::int FROM sections WHERE id BETWEEN 1 AND $3) AS sections`,
    [DEMO_USERS.map((u) => u.email), DEMO_EVENTS.length, DEMO_SECTIONS.length],
  );
  const row = rows[0];
  return row !== undefined && row.users === DEMO_USERS.length && row.events === DEMO_EVENTS.length && row.sections === DEMO_SECTIONS.length;
}

/**
 * The demo organizer owns a few demo events. Only events without an owner are touched, so a
 * database seeded before events had owners gets them, and a second run changes nothing.
 */
async function assignDemoOrganizer(tx: Queryable): Promise<void> {
  await tx.query(
    `UPDATE events SET organizer_user_id = u.id
     FROM users u
     WHERE lower(u.email) = $1 AND events.id = ANY ($2::int[]) AND events.organizer_user_id IS NULL`,
    [DEMO_ORGANIZER_EMAIL, DEMO_ORGANIZER_EVENT_IDS],
  );
}

/** Moves an identity sequence past ids the seed inserted explicitly. */
async function syncIdentity(tx: Queryable, table: 'users' | 'events' | 'sections'): Promise<void> {
  await tx.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`);
}

/**
 * The deterministic demo data of PRODUCT §1 (this part: demo logins, 26 events, 13 sections).
 * Idempotent: when everything is there it does nothing; otherwise it adds only what is missing.
 * Event dates are anchored to the Manila date of `now` (see anchoredStart).
 */
export async function seedDemo(db: Db, options: { now?: Date; logger?: Logger; files?: FileStore } = {}): Promise<SeedResult> {
  // The demo logins share a published password: they must never exist on a real deployment.
  if (process.env.NODE_ENV === 'production') throw new Error(DEMO_SEED_REFUSED);
  const now = options.now ?? new Date();
  const today = manilaToday(now);
  const result = await db.withTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await isSeeded(tx)) {
      await seedDemoPeople(tx, now);
      await assignDemoOrganizer(tx);
      return { seeded: false };
    }

    const { rows: present } = await tx.query<{ email: string }>('SELECT lower(email) AS email FROM users WHERE lower(email) = ANY ($1::text[])', [DEMO_USERS.map((u) => u.email)]);
    const existing = new Set(present.map((r) => r.email));
    for (const user of DEMO_USERS) {
      if (existing.has(user.email)) continue;
      const hash = await hashPassword(DEMO_PASSWORD);
      await tx.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, middle_initial, gender, role_id, status)
         SELECT $1, $2, $3, $4, $5, $6, r.id, 'Active' FROM roles r WHERE r.name = $7
         ON CONFLICT DO NOTHING`,
        [user.email, hash, user.firstName, user.lastName, user.middleInitial, user.gender, user.role],
      );
    }

    for (const s of DEMO_SECTIONS) {
      await tx.query(
        `INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [s.id, s.label, s.capacity, levelOf(s.label), s.map.x, s.map.y, s.map.width, s.map.height],
      );
    }

    for (const e of DEMO_EVENTS) {
      const { startsAt, hasTime } = anchoredStart(e, today);
      await tx.query(
        `INSERT INTO events (id, genre, title, description, about, starts_at, has_time, price, organizer, status, featured_rank, featured_text, image_hue)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'Approved', $10, $11, $12) ON CONFLICT DO NOTHING`,
        [e.id, e.genre, e.title, e.description, e.about ?? null, startsAt, hasTime, e.price, e.organizer ?? null, e.featured?.rank ?? null, e.featured?.text ?? null, e.hue],
      );
    }

    await seedDemoPeople(tx, now);
    await assignDemoOrganizer(tx);
    await syncIdentity(tx, 'users');
    await syncIdentity(tx, 'sections');
    await syncIdentity(tx, 'events');
    return { seeded: true, anchoredTo: today };
  });
  await seedDemoOrganizer(db, now, options.files);
  options.logger?.info(result, result.seeded ? `demo data seeded (event dates anchored to ${today})` : 'demo data already present: nothing to do');
  await seedDemoAdmin(db, now);
  return result;
}
