import argon2 from 'argon2';
import { migrate } from '../src/db';
import { DEMO_EVENTS, manilaToday } from '../src/demo/events';
import { seedDemo } from '../src/demo/seed-demo';
import { DEMO_ORGANIZER_EVENT_IDS } from '../src/demo/users';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';

const SPEC_PRICES = [0, 50, 100, 150, 200, 250, 300, 500];
const DAY = 86_400_000;

async function snapshot(s: FreshSchema): Promise<unknown> {
  const tables = ['roles', 'users', 'events', 'sections'];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = (await s.db.query(`SELECT * FROM ${t} ORDER BY id`)).rows;
  out.sequences = (await s.db.query(
    "SELECT last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename",
  )).rows;
  return out;
}

describe('demo seed', () => {
  let s: FreshSchema;
  const now = new Date('2026-03-10T04:00:00Z');
  beforeAll(async () => {
    s = await freshSchema();
    await migrate(s.db);
  });
  afterAll(async () => {
    await s.drop();
  });

  it('seeds the demo logins, 26 events and 13 sections, and a second run changes nothing', async () => {
    expect(await seedDemo(s.db, { now })).toEqual({ seeded: true, anchoredTo: '2026-03-10' });
    const before = await snapshot(s);
    expect(await seedDemo(s.db, { now: new Date('2026-09-01T00:00:00Z') })).toEqual({ seeded: false });
    expect(await snapshot(s)).toEqual(before);
  });

  it('creates the three demo logins with argon2id hashes of demo-pass-2025', async () => {
    const { rows } = await s.db.query<{ email: string; first_name: string; role: string; password_hash: string; status: string }>(
      `SELECT u.email, u.first_name, r.name AS role, u.password_hash, u.status FROM users u JOIN roles r ON r.id = u.role_id ORDER BY u.id`,
    );
    expect(rows.slice(0, 3).map((r) => [r.email, r.role, r.status])).toEqual([
      ['admin@demo.local', 'Admin', 'Active'],
      ['organizer@demo.local', 'Organizer', 'Active'],
      ['visitor@demo.local', 'Participant', 'Active'],
    ]);
    expect(rows[0]?.first_name).toBe('Ana');
    for (const row of rows.slice(0, 3)) {
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(await argon2.verify(row.password_hash, 'demo-pass-2025')).toBe(true);
      expect(await argon2.verify(row.password_hash, 'wrong-pass')).toBe(false);
    }
  });

  it('makes 250 accounts in all, with every role and status, dated before the seed day', async () => {
    const { rows } = await s.db.query<{ role: string; status: string; n: number; newest: Date; passwords: number }>(
      `SELECT r.name AS role, u.status, count(*)::int AS n, max(u.created_at) AS newest, count(u.password_hash)::int AS passwords
       FROM users u JOIN roles r ON r.id = u.role_id GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(250);
    expect(new Set(rows.map((r) => r.role))).toEqual(new Set(['Admin', 'Organizer', 'Participant']));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Active', 'Inactive', 'Restricted']));
    expect(rows.filter((r) => r.role === 'Admin').every((r) => r.status === 'Active')).toBe(true);
    // Only the three demo logins can sign in.
    expect(rows.reduce((sum, r) => sum + r.passwords, 0)).toBe(3);
  });

  it('anchors the events to the seed day: in order, the first a week out, all within eight months', async () => {
    const { rows } = await s.db.query<{ id: number; starts_at: Date }>('SELECT id, starts_at FROM events WHERE id <= 26 ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    const times = rows.map((r) => r.starts_at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const today = Date.parse(`${manilaToday(now)}T00:00:00+08:00`);
    expect(Math.round((times[0] as number) - today) / DAY).toBeGreaterThanOrEqual(7);
    expect(Math.round((times[0] as number) - today) / DAY).toBeLessThan(8);
    for (const t of times) {
      expect(t).toBeGreaterThan(now.getTime());
      expect(t).toBeLessThan(now.getTime() + 243 * DAY);
    }
    // Gaps between events are those of SPEC's 2025 samples.
    const sampleDays = DEMO_EVENTS.map((e) => Date.parse(`${e.on}T00:00:00Z`) / DAY);
    const seededDays = rows.map((r) => Math.floor((r.starts_at.getTime() + 8 * 3_600_000) / DAY));
    expect(seededDays.map((d) => d - (seededDays[0] as number))).toEqual(sampleDays.map((d) => d - (sampleDays[0] as number)));
  });

  it('uses SPEC prices, with free and paid events in every genre and events 1-3 featured', async () => {
    const { rows } = await s.db.query<{ id: number; genre: string; price: string; featured_rank: number | null; status: string }>(
      'SELECT id, genre, price, featured_rank, status FROM events WHERE id <= 26 ORDER BY id',
    );
    const prices = new Set(rows.map((r) => Number(r.price)));
    expect([...prices].sort((a, b) => a - b)).toEqual(SPEC_PRICES);
    for (const genre of ['sports', 'concert', 'community']) {
      const of = rows.filter((r) => r.genre === genre);
      expect(of.some((r) => Number(r.price) === 0)).toBe(true);
      expect(of.some((r) => Number(r.price) > 0)).toBe(true);
    }
    expect(rows.every((r) => r.status === 'Approved')).toBe(true);
    expect(rows.filter((r) => r.featured_rank !== null).map((r) => [r.id, r.featured_rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('gives the demo organizer some events, also on a database seeded before events had owners', async () => {
    const owned = async (): Promise<number[]> =>
      (
        await s.db.query<{ id: number }>(
          "SELECT e.id FROM events e JOIN users u ON u.id = e.organizer_user_id WHERE u.email = 'organizer@demo.local' ORDER BY e.id",
        )
      ).rows.map((r) => r.id);
    expect(await owned()).toEqual([...DEMO_ORGANIZER_EVENT_IDS]);
    await s.db.query('UPDATE events SET organizer_user_id = NULL');
    expect(await seedDemo(s.db, { now })).toEqual({ seeded: false });
    expect(await owned()).toEqual([...DEMO_ORGANIZER_EVENT_IDS]);
  });

  it('moves identity sequences past the seeded ids', async () => {
    const { rows: seeded } = await s.db.query<{ max: number }>('SELECT max(id)::int AS max FROM events');
    const { rows } = await s.db.query<{ id: number }>(
      "INSERT INTO events (genre, title, description, starts_at) VALUES ('sports', 'New', 'New event', now()) RETURNING id",
    );
    expect(rows[0]?.id).toBe((seeded[0]?.max ?? 0) + 1);
  });
});
