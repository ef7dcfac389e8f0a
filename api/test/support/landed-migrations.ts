// A database as the released migrations left it before the booking migrations were squashed: the
// released files (api/test/fixtures/landed-migrations, byte for byte) applied as the migrator of
// that release did, each recorded in schema_migrations with the sha256 of its whole file.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../src/db';

export const LANDED_MIGRATIONS_DIR = path.resolve(__dirname, '../fixtures/landed-migrations');

/** The released book_hold (one request per call, expiring every due hold of the section first). */
export async function landedBookHoldSql(name: string): Promise<string> {
  const sql = await readFile(path.join(LANDED_MIGRATIONS_DIR, '0102_book_hold.sql'), 'utf8');
  return sql.replace('CREATE FUNCTION book_hold(', `CREATE FUNCTION ${name}(`);
}

/** Applies the released migrations (those numbered below `below`, when given), as released. */
export async function applyLandedMigrations(db: Db, options: { below?: string } = {}): Promise<string[]> {
  const files = (await readdir(LANDED_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && (!options.below || f < options.below)).sort();
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.withClient(async (client) => {
    for (const file of files) {
      const sql = await readFile(path.join(LANDED_MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        file.slice(0, 4),
        file.slice(5, -'.sql'.length),
        createHash('sha256').update(sql).digest('hex'),
      ]);
      await client.query('COMMIT');
    }
  });
  return files;
}
