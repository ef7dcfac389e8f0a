// The database's interfaces, apart from the pool that implements them (index.ts), so that the
// migrator and the pool can both use them without importing each other.
import type { QueryResult, QueryResultRow } from 'pg';

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

export interface TransactionOptions {
  /**
   * Every parameterised statement of the transaction is planned without its parameters' values
   * (plan_cache_mode = force_generic_plan): a NamedStatement once per connection, never again. For
   * statements over the arrays of a batch, whose plans for the values are the same plans and cost
   * more to make than to run.
   */
  genericPlans?: boolean;
}

export interface Db extends Queryable {
  /** Runs fn inside BEGIN/COMMIT on one connection; ROLLBACK when it throws. */
  withTransaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Holds one connection for fn (session-level work such as advisory locks). */
  withClient<T>(fn: (client: Queryable) => Promise<T>): Promise<T>;
  /**
   * true when `SELECT 1` answers within timeoutMs. It runs on a connection of its own, so a pool
   * busy with a storm of requests does not make a healthy database look down.
   */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
