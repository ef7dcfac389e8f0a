// Reading the SQL files the migrator applies: versioned schema migrations (api/migrations) and
// repeatable function files (api/sql/functions), each with the checksum it is recorded under.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Versioned schema migrations, applied once each in order: 0001_name.sql, 0002_name.sql, ... */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');
/** One database function per file, applied after the migrations whenever the file changed: 01_name.sql, ... */
export const FUNCTIONS_DIR = path.resolve(__dirname, '../../sql/functions');

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
const FUNCTION_FILE = /^(\d{2})_([a-z0-9_]+)\.sql$/;
/** A squashed migration's first line: `-- replaces: 0101 0102 ...`, the versions it stands for. */
const REPLACES_LINE = /^--\s*replaces:(.*)$/m;

export interface Migration {
  version: string;
  name: string;
  sql: string;
  /** Of the file's statements: see statementChecksum. */
  checksum: string;
  /** Versions this file squashes: on a database that has them all it is recorded without running. */
  replaces: string[];
}

export interface FunctionFile {
  /** The function it defines: the file name without its order prefix. */
  name: string;
  file: string;
  sql: string;
  /** Of the whole file: any change, comments included, is applied again. */
  checksum: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A migration's checksum covers its statements only: lines that are whole `--` comments and blank
 * lines are left out and trailing blanks trimmed, so a header can be reworded after the file was
 * applied, and any other change still stops the start.
 */
export function statementChecksum(sql: string): string {
  const statements = sql
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.trimStart().startsWith('--'));
  return sha256(statements.join('\n'));
}

export function fileChecksum(sql: string): string {
  return sha256(sql);
}

function parseReplaces(file: string, sql: string): string[] {
  const match = REPLACES_LINE.exec(sql);
  if (!match) return [];
  const versions = (match[1] as string).trim().split(/[\s,]+/);
  if (versions.some((v) => !/^\d{4}$/.test(v))) throw new Error(`Migration ${file}: "-- replaces:" lists four-digit versions`);
  return versions;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file name ${file} must look like 0001_some_name.sql`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({ version: match[1] as string, name: match[2] as string, sql, checksum: statementChecksum(sql), replaces: parseReplaces(file, sql) });
  }
  const versions = migrations.map((m) => m.version);
  if (new Set(versions).size !== versions.length) throw new Error('Two migration files share a number');
  const replaced = migrations.flatMap((m) => m.replaces);
  const clash = replaced.find((v) => versions.includes(v));
  if (clash) throw new Error(`Migration ${clash} is replaced by a squashed migration and must not exist as a file too`);
  return migrations;
}

/** The function files in the order of their prefix: a file may use what the files before it define. */
export async function readFunctionFiles(dir = FUNCTIONS_DIR): Promise<FunctionFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const functions: FunctionFile[] = [];
  for (const file of files) {
    const match = FUNCTION_FILE.exec(file);
    if (!match) throw new Error(`Function file name ${file} must look like 01_function_name.sql`);
    const sql = await readFile(path.join(dir, file), 'utf8');
    functions.push({ name: match[2] as string, file, sql, checksum: fileChecksum(sql) });
  }
  const names = functions.map((f) => f.name);
  if (new Set(names).size !== names.length) throw new Error('Two function files define the same name');
  return functions;
}
