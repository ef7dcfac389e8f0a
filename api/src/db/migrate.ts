import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './queryable';
import type { Logger } from '../logger';

/** Numbered plain SQL files, applied in order: 0001_name.sql, 0002_name.sql, ... */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** pg_advisory_lock key shared by every process that migrates this database. */
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_PATTERN.exec(file);
    if (!match) throw new Error(`Migration file name ${file} must look like 0001_some_name.sql`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({ version: match[1] as string, name: match[2] as string, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('Two migration files share a number');
  return migrations;
}

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction.
 * An advisory lock serialises processes starting at once; running it again changes nothing.
 * A recorded migration whose file changed afterwards stops the start.
 */
export async function migrate(db: Db, options: { dir?: string; logger?: Logger } = {}): Promise<string[]> {
  const migrations = await readMigrations(options.dir);
  return db.withClient(async (client) => {
    // Waiting for another process's migrations, or building an index, takes as long as it takes:
    // not the API's lock_timeout and statement_timeout (restored below for the pool's next user).
    await client.query('SET lock_timeout = 0; SET statement_timeout = 0');
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations');
      const applied = new Map(rows.map((r) => [r.version, r.checksum]));
      const done: string[] = [];
      for (const m of migrations) {
        const checksum = applied.get(m.version);
        if (checksum !== undefined) {
          if (checksum !== m.checksum) throw new Error(`Migration ${m.version}_${m.name} was changed after it was applied: add a new migration instead`);
          continue;
        }
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [m.version, m.name, m.checksum]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`Migration ${m.version}_${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        options.logger?.info({ migration: `${m.version}_${m.name}` }, 'migration applied');
        done.push(`${m.version}_${m.name}`);
      }
      return done;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await client.query('RESET lock_timeout; RESET statement_timeout').catch(() => undefined);
    }
  });
}
