// The only module that imports `pg`: the pool, query, withTransaction and the migrator.
import { Pool } from 'pg';
import type { PoolClient } from 'pg';
import { AppError } from '../errors';
import { DB_DEFAULTS } from '../config';
import type { Logger } from '../logger';

export type { Db, NamedStatement, Queryable, QueryResult, QueryResultRow, TransactionOptions } from './queryable';
import type { Db, NamedStatement, Queryable } from './queryable';

function toConfig(statement: string | NamedStatement, params: readonly unknown[] | undefined): { text: string; name?: string; values?: unknown[] } {
  const values = params as unknown[] | undefined;
  return typeof statement === 'string' ? { text: statement, ...(values ? { values } : {}) } : { name: statement.name, text: statement.text, ...(values ? { values } : {}) };
}

export interface DbOptions {
  max?: number;
  /** How long a caller waits for a free connection (or a new one to open); 503 after that. */
  connectionTimeoutMillis?: number;
  /** statement_timeout of every connection; 0 = none (migrations, seeding). */
  statementTimeoutMillis?: number;
  /** lock_timeout of every connection; 0 = none (migrations, seeding). */
  lockTimeoutMillis?: number;
  /** application_name of the connections (default sports-api; the health check's gets -health). */
  applicationName?: string;
  logger?: Logger;
}

export const DATABASE_BUSY = 'The service is busy. Please try again in a moment.';

/**
 * A failure of the database that says nothing about the request: the connection was lost or
 * refused, no connection was free in time, a lock or statement timed out, or PostgreSQL gave up
 * a transaction for a deadlock or a serialization failure. The client gets 503 with Retry-After
 * and may simply try again; `code` keeps the SQLSTATE, so a service can retry by itself first.
 */
export class DatabaseBusyError extends AppError {
  constructor(
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(503, DATABASE_BUSY, { 'Retry-After': '1' });
    this.name = 'DatabaseBusyError';
    this.cause = options.cause;
  }
}

/** SQLSTATEs after which the same request may succeed when sent again. */
const TRANSIENT_STATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

/** Node socket errors and pg's own messages for a connection that is gone or never came. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|terminating connection)/;

/** The database failure as a DatabaseBusyError when it is transient; anything else as it came. */
export function asDatabaseError(err: unknown): unknown {
  if (err instanceof DatabaseBusyError || err === null || typeof err !== 'object') return err;
  const { code, message } = err as { code?: unknown; message?: unknown };
  const state = typeof code === 'string' ? code : undefined;
  const transient =
    (state !== undefined && (TRANSIENT_STATES.has(state) || state.startsWith('08') || CONNECTION_CODES.has(state))) ||
    (typeof message === 'string' && CONNECTION_MESSAGES.test(message));
  return transient ? new DatabaseBusyError(state, { cause: err }) : err;
}

/** true for a failure after which the connection itself cannot be used again. */
function brokeConnection(err: unknown): boolean {
  if (!(err instanceof DatabaseBusyError)) return false;
  const code = err.code ?? '';
  return code === '' || code.startsWith('08') || code.startsWith('57P') || CONNECTION_CODES.has(code);
}

const rethrow = (err: unknown): never => {
  throw asDatabaseError(err);
};

/**
 * pg_trgm's `%>` threshold on every connection: a one-letter slip in a word of six or more letters
 * ("palaong" for "palarong", 0.55) still passes; shorter words are held to 0.6 by the search itself.
 */
export const TRIGRAM_WORD_THRESHOLD = 0.5;

export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const sessions = {
    connectionString,
    // 0 sends nothing: the server's default (none).
    statement_timeout: options.statementTimeoutMillis ?? DB_DEFAULTS.statementTimeoutMillis,
    lock_timeout: options.lockTimeoutMillis ?? DB_DEFAULTS.lockTimeoutMillis,
    application_name: options.applicationName ?? 'sports-api',
    // The event search's trigram index finds words at this similarity (docs/search.md).
    options: `-c pg_trgm.word_similarity_threshold=${TRIGRAM_WORD_THRESHOLD}`,
  };
  const pool = new Pool({
    ...sessions,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? DB_DEFAULTS.acquireTimeoutMillis,
    idleTimeoutMillis: 30_000,
  });
  // The health check's own connection (see ping).
  const probe = new Pool({ ...sessions, max: 1, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, application_name: `${sessions.application_name}-health` });
  for (const p of [pool, probe]) {
    // An idle client losing its connection must not crash the process.
    p.on('error', (err) => options.logger?.warn({ err }, 'idle PostgreSQL client error'));
    // Nor one in use: a connection dropped (pg_terminate_backend, a restart) while no statement is
    // running on it is an 'error' event on the client, which would throw without a listener. The
    // pool drops the client on release; the statement in flight, if any, fails by itself. This
    // listener stays for the client's whole life: pool.connect() hands a client over a promise, and
    // an error parsed from the same socket read as the previous answer comes before the caller
    // could attach one.
    p.on('connect', (client) => client.on('error', (err) => options.logger?.warn({ err }, 'PostgreSQL connection lost')));
  }

  let closed = false;

  /** A pool client for fn; a connection that broke is not put back for the next request. */
  async function checkedOut<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch(rethrow);
    let failure: unknown;
    try {
      return await fn(client);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      client.release(brokeConnection(failure) ? (failure as Error) : undefined);
    }
  }

  const asQueryable = (client: PoolClient): Queryable => ({ query: (text, params) => client.query(toConfig(text, params)).catch(rethrow) });

  return {
    query: (text, params) => pool.query(toConfig(text, params)).catch(rethrow),

    withClient: (fn) => checkedOut((client) => fn(asQueryable(client))),

    withTransaction: (fn, options) =>
      checkedOut(async (client) => {
        const tx = asQueryable(client);
        // One round trip: a simple query may carry both statements.
        await tx.query(options?.genericPlans ? 'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan' : 'BEGIN');
        try {
          const result = await fn(tx);
          await tx.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),

    async ping(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const answer = probe.query('SELECT 1').then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answer, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}

export { migrate } from './migrate';
