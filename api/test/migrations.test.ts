import { cp, mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrate, readFunctionFiles, readMigrations } from '../src/db/migrate';
import { freshSchema, schemaSnapshot } from './support/helpers';
import type { FreshSchema } from './support/helpers';

async function migrationRows(s: FreshSchema): Promise<unknown[]> {
  const { rows } = await s.db.query('SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version');
  return rows;
}

describe('migrations', () => {
  let s: FreshSchema;
  beforeEach(async () => {
    s = await freshSchema();
  });
  afterEach(async () => {
    await s.drop();
  });

  it('apply every numbered file in order on an empty database, then every function file', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThanOrEqual(3);
    const functionFiles = (await readdir(FUNCTIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const applied = await migrate(s.db);
    expect(applied).toEqual([...files.map((f) => f.replace(/\.sql$/, '')), ...functionFiles.map((f) => `functions/${f.replace(/\.sql$/, '')}`)]);
    const { rows } = await s.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
      [s.schema],
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['events', 'roles', 'schema_migrations', 'sections', 'users']));
    const roles = await s.db.query<{ id: number; name: string }>('SELECT id, name FROM roles ORDER BY id');
    expect(roles.rows).toEqual([
      { id: 1, name: 'Admin' },
      { id: 2, name: 'Organizer' },
      { id: 3, name: 'Participant' },
    ]);
  });

  it('applied twice change nothing', async () => {
    await migrate(s.db);
    const before = { rows: await migrationRows(s), schema: await schemaSnapshot(s.db, s.schema) };
    expect(before.rows).toHaveLength((await readMigrations()).length);

    expect(await migrate(s.db)).toEqual([]);
    const after = { rows: await migrationRows(s), schema: await schemaSnapshot(s.db, s.schema) };
    expect(after).toEqual(before);
  });

  it('accept a reworded comment in an applied migration, and record it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await migrate(s.db, { dir });
      const file = path.join(dir, '0001_roles_and_users.sql');
      await writeFile(file, `-- Reworded.\n\n${(await readFile(file, 'utf8')).replace(/^--.*$/gm, '-- reworded')}\n`);
      expect(await migrate(s.db, { dir })).toEqual([]);
      const [m] = await readMigrations(dir);
      const { rows } = await s.db.query('SELECT checksum FROM schema_migrations WHERE version = $1', ['0001']);
      expect(rows).toEqual([{ checksum: m?.checksum }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('apply a function file again when it changed, and only then', async () => {
    const functionsDir = await mkdtemp(path.join(os.tmpdir(), 'functions-'));
    try {
      await writeFile(path.join(functionsDir, '01_answer.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS integer LANGUAGE sql AS $$ SELECT 41 $$;');
      await writeFile(path.join(functionsDir, '02_answer_twice.sql'), 'CREATE OR REPLACE FUNCTION answer_twice() RETURNS integer LANGUAGE sql AS $$ SELECT 2 * answer() $$;');
      expect((await migrate(s.db, { functionsDir })).slice(-2)).toEqual(['functions/01_answer', 'functions/02_answer_twice']);
      expect(await migrate(s.db, { functionsDir })).toEqual([]);
      await writeFile(path.join(functionsDir, '01_answer.sql'), '-- The answer.\nCREATE OR REPLACE FUNCTION answer() RETURNS integer LANGUAGE sql AS $$ SELECT 42 $$;');
      expect(await migrate(s.db, { functionsDir })).toEqual(['functions/01_answer']);
      expect((await s.db.query('SELECT answer_twice() AS n')).rows).toEqual([{ n: 84 }]);
      const { rows } = await s.db.query('SELECT name FROM schema_functions ORDER BY name');
      expect(rows).toEqual([{ name: 'answer' }, { name: 'answer_twice' }]);
    } finally {
      await rm(functionsDir, { recursive: true, force: true });
    }
  });

  it('roll back every function file of a run when one fails', async () => {
    const functionsDir = await mkdtemp(path.join(os.tmpdir(), 'functions-'));
    try {
      await writeFile(path.join(functionsDir, '01_answer.sql'), 'CREATE OR REPLACE FUNCTION answer() RETURNS integer LANGUAGE sql AS $$ SELECT 42 $$;');
      await writeFile(path.join(functionsDir, '02_broken.sql'), 'CREATE OR REPLACE FUNCTION broken() RETURNS integer LANGUAGE sql AS $$ SELECT no_such_column FROM roles $$;');
      await expect(migrate(s.db, { functionsDir })).rejects.toThrow(/02_broken\.sql: column "no_such_column" does not exist/);
      const { rows } = await s.db.query("SELECT count(*)::int AS n FROM pg_proc WHERE proname IN ('answer', 'broken') AND pronamespace = current_schema()::regnamespace");
      expect(rows).toEqual([{ n: 0 }]);
      expect((await s.db.query('SELECT count(*)::int AS n FROM schema_functions')).rows).toEqual([{ n: 0 }]);
    } finally {
      await rm(functionsDir, { recursive: true, force: true });
    }
  });

  it('are safe when several processes start at once', async () => {
    const results = await Promise.all([migrate(s.db), migrate(s.db), migrate(s.db)]);
    const total = (await readMigrations()).length;
    expect(results.flat()).toHaveLength(total + (await readFunctionFiles()).length);
    expect(await migrationRows(s)).toHaveLength(total);
  });

  it('refuse to start when an applied migration was edited', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await cp(MIGRATIONS_DIR, dir, { recursive: true });
      await migrate(s.db, { dir });
      await writeFile(path.join(dir, '0001_roles_and_users.sql'), '-- edited\nSELECT 1;');
      await expect(migrate(s.db, { dir })).rejects.toThrow(/changed after it was applied/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('roll back a failing migration entirely', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    try {
      await writeFile(path.join(dir, '0001_ok.sql'), 'CREATE TABLE a (id int);');
      await writeFile(path.join(dir, '0002_broken.sql'), 'CREATE TABLE b (id int); SELECT no_such_function();');
      await expect(migrate(s.db, { dir })).rejects.toThrow(/0002_broken failed/);
      const { rows } = await s.db.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1', [s.schema]);
      expect(rows.map((r) => r.table_name)).toEqual(['a', 'schema_migrations']);
      expect(await migrationRows(s)).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('let the database enforce the invariants', async () => {
    await migrate(s.db);
    await s.db.query("INSERT INTO users (email, first_name, last_name) VALUES ('Juan@Example.com', 'Juan', 'Cruz')");
    await expect(s.db.query("INSERT INTO users (email, first_name, last_name) VALUES ('juan@example.COM', 'J', 'C')")).rejects.toMatchObject({ code: '23505' });
    await expect(s.db.query("INSERT INTO users (email, first_name, last_name, role_id) VALUES ('x@example.com', 'X', 'Y', 99)")).rejects.toMatchObject({ code: '23503' });
    await expect(s.db.query("INSERT INTO users (email, first_name, last_name, status) VALUES ('y@example.com', 'X', 'Y', 'Banned')")).rejects.toMatchObject({ code: '23514' });
    await expect(
      s.db.query("INSERT INTO events (genre, title, description, starts_at, price) VALUES ('sports', 'T', 'D', now(), -1)"),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      s.db.query("INSERT INTO events (genre, title, description, starts_at) VALUES ('opera', 'T', 'D', now())"),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      s.db.query("INSERT INTO sections (label, capacity, level, map_x, map_y, map_width, map_height) VALUES ('Upper Box Z', 10, 'lower', 0, 0, 10, 10)"),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
