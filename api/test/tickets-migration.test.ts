// Orders paid before tickets per seat get their tickets in migration 0305: one per seat, each with
// a random id and a short code; an order checked in before has every seat checked in; the order
// keeps its one ticket id, so the QR already mailed for it still admits the whole order.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TICKET_CODE_ALPHABET } from '@sports/contracts';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { freshSchema, migrationsBefore } from './support/helpers';
import type { FreshSchema } from './support/helpers';

jest.setTimeout(60_000);

describe('the tickets migration', () => {
  let s: FreshSchema;
  let dir: string;
  beforeEach(async () => {
    s = await freshSchema();
    dir = await mkdtemp(path.join(os.tmpdir(), 'tickets-migration-'));
  });
  afterEach(async () => {
    await s.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('issues a ticket per seat of every paid order, carries check-ins over to each seat, and leaves holds alone', async () => {
    await cp(MIGRATIONS_DIR, dir, { recursive: true, filter: migrationsBefore('0305') });
    await migrate(s.db, { dir });
    const q = async (sql: string, params: unknown[] = []): Promise<number> => ((await s.db.query<{ id: number }>(sql, params)).rows[0] as { id: number }).id;
    const visitor = await q("INSERT INTO users (email, first_name, last_name, role_id) VALUES ('old-buyer@test.local', 'Old', 'Buyer', 3) RETURNING id");
    const organizer = await q("INSERT INTO users (email, first_name, last_name, role_id) VALUES ('old-gate@test.local', 'Old', 'Gate', 2) RETURNING id");
    const event = await q(`INSERT INTO events (genre, title, description, starts_at, price, status, organizer_user_id) VALUES ('sports', 'Old event', 'x', now() + interval '1 day', 50, 'Approved', $1) RETURNING id`, [organizer]);
    const section = await q("INSERT INTO sections (label, capacity, level, map_x, map_y, map_width, map_height) VALUES ('Old section', 20, 'lower', 0, 0, 10, 10) RETURNING id");
    const order = async (status: 'paid' | 'held', seats: number[], ticketId: string | null): Promise<number> => {
      const id = await q(
        `INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at, payment_method, payment_type, paid_at, ticket_id)
         VALUES ($1, $2, $3, $4, $5, 50 * $5, now() - interval '1 hour', now() + interval '1 hour',
                 CASE WHEN $4 = 'paid' THEN 'gcash' END, CASE WHEN $4 = 'paid' THEN 'full' END, CASE WHEN $4 = 'paid' THEN now() END, $6) RETURNING id`,
        [visitor, event, section, status, seats.length, ticketId],
      );
      await s.db.query('INSERT INTO order_seats (order_id, event_id, section_id, seat_number) SELECT $1, $2, $3, unnest($4::int[])', [id, event, section, seats]);
      return id;
    };
    const threeSeats = await order('paid', [1, 2, 3], 'A'.repeat(22));
    const checkedIn = await order('paid', [5], 'B'.repeat(22));
    const hold = await order('held', [7, 8], null);
    await s.db.query('INSERT INTO ticket_checkins (order_id, checked_in_at, checked_in_by) VALUES ($1, $2, $3)', [checkedIn, '2026-01-01T10:00:00Z', organizer]);

    await cp(path.join(MIGRATIONS_DIR, '0305_tickets.sql'), path.join(dir, '0305_tickets.sql'));
    expect(await migrate(s.db, { dir })).toEqual(['0305_tickets']);

    const { rows: tickets } = await s.db.query<{ id: string; order_id: number; seat_number: number; code: string }>('SELECT id, order_id, seat_number, code FROM tickets ORDER BY order_id, seat_number');
    expect(tickets.map((t) => [t.order_id, t.seat_number])).toEqual([
      [threeSeats, 1],
      [threeSeats, 2],
      [threeSeats, 3],
      [checkedIn, 5],
    ]);
    expect(tickets.some((t) => t.order_id === hold)).toBe(false);
    for (const t of tickets) {
      expect(t.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(t.code).toMatch(new RegExp(`^[${TICKET_CODE_ALPHABET}]{10}$`));
    }
    expect(new Set(tickets.map((t) => t.id)).size).toBe(4);
    expect(new Set(tickets.map((t) => t.code)).size).toBe(4);
    const { rows: checkins } = await s.db.query('SELECT t.order_id, c.checked_in_at, c.checked_in_by, c.method FROM ticket_checkins c JOIN tickets t ON t.id = c.ticket_id');
    expect(checkins).toEqual([{ order_id: checkedIn, checked_in_at: new Date('2026-01-01T10:00:00Z'), checked_in_by: organizer, method: 'scan' }]);
    // The orders keep their one ticket id (their mailed QR), and the doors default to 3 hours before the start.
    expect((await s.db.query('SELECT id, ticket_id FROM orders ORDER BY id')).rows).toEqual([
      { id: threeSeats, ticket_id: 'A'.repeat(22) },
      { id: checkedIn, ticket_id: 'B'.repeat(22) },
      { id: hold, ticket_id: null },
    ]);
    expect((await s.db.query('SELECT checkin_opens_minutes, checkin_closes_minutes FROM events WHERE id = $1', [event])).rows).toEqual([{ checkin_opens_minutes: 180, checkin_closes_minutes: 0 }]);
  });
});
