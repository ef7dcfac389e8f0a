// A database as the released migrations left it before the booking migrations were squashed: the
// released files applied as the migrator of that release did, each recorded in schema_migrations
// with the sha256 of its whole file. The files are kept byte for byte, as one compressed fixture
// (api/test/fixtures/released-migrations.json.gz, file name -> text): a frozen copy that nobody
// edits or reads, checked against RELEASED_CHECKSUMS by migrations-landed.test.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../../src/db';

const FIXTURE = path.resolve(__dirname, '../fixtures/released-migrations.json.gz');

let files: ReadonlyMap<string, string> | undefined;

/** The released migration files, by file name, in order. */
export function releasedMigrationFiles(): ReadonlyMap<string, string> {
  files ??= new Map(Object.entries(JSON.parse(gunzipSync(readFileSync(FIXTURE)).toString('utf8')) as Record<string, string>).sort(([a], [b]) => a.localeCompare(b)));
  return files;
}

/** The released book_hold (one request per call, expiring every due hold of the section first), under another name. */
export function landedBookHoldSql(name: string): string {
  const sql = releasedMigrationFiles().get('0102_book_hold.sql') as string;
  return sql.replace('CREATE FUNCTION book_hold(', `CREATE FUNCTION ${name}(`);
}

/** Applies the released migrations (those numbered below `below`, when given), as released. */
export async function applyLandedMigrations(db: Db, options: { below?: string } = {}): Promise<string[]> {
  const chosen = [...releasedMigrationFiles()].filter(([file]) => !options.below || file < options.below);
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.withClient(async (client) => {
    for (const [file, sql] of chosen) {
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
  return chosen.map(([file]) => file);
}
