// A database that the released migrations built (before the booking migrations were squashed into
// 0100_orders and the booking functions moved to api/sql/functions) migrates forward: the squashed
// migration is recorded without running, the function files are applied, the schema is then the
// one a fresh database gets, and booking works on it, holds made before included.
import { createHash } from 'node:crypto';
import type { Db } from '../src/db';
import { migrate, readFunctionFiles, readMigrations, statementChecksum } from '../src/db/migrate';
import { RELEASED_CHECKSUMS } from '../src/db/released-checksums';
import { freshSchema } from './support/helpers';
import type { FreshSchema } from './support/helpers';
import { applyLandedMigrations, releasedMigrationFiles } from './support/landed-migrations';

/** Tables, columns, constraints, indexes, types, functions and triggers of a schema, in a stable order. */
async function schemaCatalogue(db: Db, schema: string): Promise<unknown> {
  const { rows } = await db.query<{ catalogue: unknown }>(
    `SELECT json_build_object(
       'columns', (SELECT json_agg(json_build_array(c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                                                    pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated) ORDER BY c.relname, a.attnum)
                   FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                   WHERE c.relnamespace = $1::text::regnamespace AND c.relkind IN ('r', 'c', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped
                     AND c.relname NOT IN ('schema_migrations', 'schema_functions')),
       'constraints', (SELECT json_agg(conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) ORDER BY conrelid::regclass::text, conname)
                       FROM pg_constraint WHERE connamespace = $1::text::regnamespace AND conrelid::regclass::text NOT IN ('schema_migrations', 'schema_functions')),
       'indexes', (SELECT json_agg(indexdef ORDER BY indexname) FROM pg_indexes WHERE schemaname = $1::text AND tablename NOT IN ('schema_migrations', 'schema_functions')),
       'sequences', (SELECT json_agg(relname ORDER BY relname) FROM pg_class WHERE relnamespace = $1::text::regnamespace AND relkind = 'S' AND relname NOT LIKE 'schema\\_%'),
       'functions', (SELECT json_agg(pg_get_functiondef(p.oid) ORDER BY p.proname, pg_get_function_identity_arguments(p.oid))
                     FROM pg_proc p WHERE p.pronamespace = $1::text::regnamespace),
       'triggers', (SELECT json_agg(pg_get_triggerdef(t.oid) ORDER BY t.tgname)
                    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = $1::text::regnamespace AND NOT t.tgisinternal)
     ) AS catalogue`,
    [schema],
  );
  // Definitions name the schema: each database's own test schema.
  return JSON.parse(JSON.stringify(rows[0]?.catalogue).replaceAll(`${schema}.`, 'schema.')) as unknown;
}

interface BookRow {
  idx: number;
  order_id: number | null;
  taken: number[] | null;
  may_take: number | null;
}

/** book_holds for requests of one event and section, none changing a hold. */
async function bookHolds(db: Db, eventId: number, sectionId: number, requests: { userId: number; seats: number[] }[]): Promise<BookRow[]> {
  const { rows } = await db.query<BookRow>(
    `SELECT idx, order_id, taken, may_take FROM book_holds($1::boolean[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::timestamptz[], $8::timestamptz[], 10, $9::int[])
     ORDER BY idx`,
    [
      requests.map(() => true),
      requests.map((r) => r.userId),
      requests.map(() => eventId),
      requests.map(() => sectionId),
      requests.map((r) => r.seats.length),
      requests.flatMap((r) => r.seats),
      requests.map(() => new Date()),
      requests.map(() => new Date(Date.now() + 600_000)),
      requests.map(() => 0),
    ],
  );
  return rows;
}

describe('a database built by the released migrations', () => {
  let landed: FreshSchema;
  let fresh: FreshSchema;
  let users: number[];
  let eventId: number;
  let earlierHold: number;
  beforeAll(async () => {
    landed = await freshSchema();
    fresh = await freshSchema();
    await applyLandedMigrations(landed.db);
    await migrate(fresh.db);
    // Data of the released schema, a hold made by the released book_holds included.
    const { rows } = await landed.db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name) SELECT 'landed-' || g || '@test.local', 'L', 'U' FROM generate_series(1, 3) g RETURNING id`,
    );
    users = rows.map((r) => r.id);
    await landed.db.query(`INSERT INTO sections (id, label, capacity, level, map_x, map_y, map_width, map_height) VALUES (1, 'Upper Box D', 183, 'upper', 1, 1, 10, 10)`);
    const events = await landed.db.query<{ id: number }>(
      `INSERT INTO events (genre, title, description, starts_at, price, status) VALUES ('sports', 'Landed', 'x', now() + interval '30 days', 100, 'Approved') RETURNING id`,
    );
    eventId = (events.rows[0] as { id: number }).id;
    const [held] = await bookHolds(landed.db, eventId, 1, [{ userId: users[0] as number, seats: [1, 2] }]);
    earlierHold = held?.order_id as number;
    expect(earlierHold).toEqual(expect.any(Number));
  }, 60_000);
  afterAll(async () => {
    await landed?.drop();
    await fresh?.drop();
  });

  it('migrates forward: the squashed migration is recorded without running, the function files are applied', async () => {
    const functionFiles = (await readFunctionFiles()).map((f) => `functions/${f.file.replace(/\.sql$/, '')}`);
    // Run: the migrations made after the release (not the squashed one), then every function file.
    const newer = (await readMigrations()).filter((m) => RELEASED_CHECKSUMS[m.version] === undefined && m.replaces.length === 0).map((m) => `${m.version}_${m.name}`);
    expect(newer).toContain('0304_audit_trail');
    expect(await migrate(landed.db)).toEqual([...newer, ...functionFiles]);
    expect(await migrate(landed.db)).toEqual([]);

    const { rows } = await landed.db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations ORDER BY version');
    const recorded = new Map(rows.map((r) => [r.version, r.checksum]));
    for (const m of await readMigrations()) expect({ version: m.version, checksum: recorded.get(m.version) }).toEqual({ version: m.version, checksum: m.checksum });
    // The replaced versions stay recorded as they were applied.
    const squashed = (await readMigrations()).find((m) => m.replaces.length > 0);
    expect(squashed?.version).toBe('0100');
    for (const v of squashed?.replaces ?? []) expect(recorded.get(v)).toBe(RELEASED_CHECKSUMS[v]?.file);
  }, 60_000);

  it('has then the schema of a freshly migrated database: tables, constraints, indexes, types, functions, triggers', async () => {
    await migrate(landed.db);
    expect(await schemaCatalogue(landed.db, landed.schema)).toEqual(await schemaCatalogue(fresh.db, fresh.schema));
  }, 60_000);

  it('books through book_holds, one by one and in one pass, and a hold made before still owns its seats', async () => {
    await migrate(landed.db);
    const [u0, u1, u2] = users as [number, number, number];
    // One pass: distinct accounts, no seat shared; the earlier hold's seat 2 sends u1 one by one.
    expect(await bookHolds(landed.db, eventId, 1, [{ userId: u1, seats: [2, 3] }, { userId: u2, seats: [4, 5] }])).toEqual([
      { idx: 1, order_id: null, taken: [2], may_take: null },
      { idx: 2, order_id: expect.any(Number), taken: [], may_take: null },
    ]);
    // One by one: two requests of one account, the second over the cap.
    expect(await bookHolds(landed.db, eventId, 1, [{ userId: u0, seats: [6, 7, 8] }, { userId: u0, seats: [9, 10, 11, 12, 13, 14] }])).toEqual([
      { idx: 1, order_id: expect.any(Number), taken: [], may_take: null },
      { idx: 2, order_id: null, taken: null, may_take: 5 },
    ]);
    const { rows } = await landed.db.query<{ order_id: number; seats: number[] }>(
      'SELECT order_id, array_agg(seat_number ORDER BY seat_number) AS seats FROM order_seats WHERE live GROUP BY order_id ORDER BY order_id',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ order_id: earlierHold, seats: [1, 2] });
  }, 60_000);

  it('released checksums: each is that of its released file, and a kept file has the statements it was released with', async () => {
    const released = releasedMigrationFiles();
    expect(Object.keys(RELEASED_CHECKSUMS).sort()).toEqual([...released.keys()].map((f) => f.slice(0, 4)).sort());
    for (const [file, sql] of released) {
      expect({ migration: file, ...RELEASED_CHECKSUMS[file.slice(0, 4)] }).toEqual({
        migration: file,
        name: file.slice(5, -'.sql'.length),
        file: createHash('sha256').update(sql).digest('hex'),
        statements: statementChecksum(sql),
      });
    }
    for (const m of await readMigrations()) {
      const entry = RELEASED_CHECKSUMS[m.version];
      if (entry) expect({ version: m.version, statements: m.checksum }).toEqual({ version: m.version, statements: entry.statements });
    }
  });
});

describe('a squashed migration', () => {
  let s: FreshSchema;
  beforeEach(async () => {
    s = await freshSchema();
  });
  afterEach(async () => {
    await s.drop();
  });

  it('is refused on a database that applied only some of the migrations it replaces', async () => {
    await applyLandedMigrations(s.db, { below: '0206' });
    await expect(migrate(s.db)).rejects.toThrow(/0100_orders replaces .*; this database has applied 0101, 0102, 0103, 0104, 0105 but not 0206, 0207, 0208, 0209/);
    const { rows } = await s.db.query('SELECT 1 FROM schema_migrations WHERE version = $1', ['0100']);
    expect(rows).toEqual([]);
  }, 60_000);
});
