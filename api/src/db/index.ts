// The only module that imports `pg`: the pool, query, withTransaction and the migrator.
import { Pool } from 'pg';
import type { PoolClient, QueryResult, QueryResultRow } from 'pg';
import type { Logger } from '../logger';

export type { QueryResult, QueryResultRow };

/**
 * A statement PostgreSQL keeps prepared on each connection under `name` (parsed and planned once
 * per connection instead of on every call): for the hot paths. `name` must be unique per text.
 */
export interface NamedStatement {
  name: string;
  text: string;
}

/** Anything that runs parameterised SQL: the pool or a transaction's client. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string | NamedStatement, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

function toConfig(statement: string | NamedStatement, params: readonly unknown[] | undefined): { text: string; name?: string; values?: unknown[] } {
  const values = params as unknown[] | undefined;
  return typeof statement === 'string' ? { text: statement, ...(values ? { values } : {}) } : { name: statement.name, text: statement.text, ...(values ? { values } : {}) };
}

export interface Db extends Queryable {
  /** Runs fn inside BEGIN/COMMIT on one connection; ROLLBACK when it throws. */
  withTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Holds one connection for fn (session-level work such as advisory locks). */
  withClient<T>(fn: (client: Queryable) => Promise<T>): Promise<T>;
  /** true when `SELECT 1` answers within timeoutMs. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface DbOptions {
  max?: number;
  connectionTimeoutMillis?: number;
  statementTimeoutMillis?: number;
  logger?: Logger;
}

function asQueryable(client: PoolClient): Queryable {
  return { query: (text, params) => client.query(toConfig(text, params)) };
}

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const pool = new Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMillis ?? 15_000,
    application_name: 'sports-api',
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (err) => options.logger?.error({ err }, 'idle PostgreSQL client error'));

  let closed = false;

  async function withClient<T>(fn: (client: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      return await fn(asQueryable(client));
    } finally {
      client.release();
    }
  }

  return {
    query: (text, params) => pool.query(toConfig(text, params)),

    withClient,

    async withTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },

    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const probe = pool.query('SELECT 1').then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([probe, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export { migrate } from './migrate';
