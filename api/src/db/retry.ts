// Running a transaction again when PostgreSQL aborted it for a reason that another try resolves.

function sqlState(err: unknown): unknown {
  return err !== null && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
}

/** PostgreSQL deadlock_detected / serialization_failure: the transaction may simply run again. */
export function isRetryable(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40P01' || code === '40001';
}

/** PostgreSQL lock_not_available: a NOWAIT lock found its row taken (or a lock_timeout ran out). */
export function isLockBusy(err: unknown): boolean {
  return sqlState(err) === '55P03';
}

/**
 * Runs fn again (a bounded number of times) when PostgreSQL aborted it for a deadlock or a
 * serialization failure; after the last try the error stays a 503 with Retry-After (db module).
 */
export async function retrying<T>(fn: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** PostgreSQL unique_violation of the index or constraint `name`. */
export function violatesUnique(err: unknown, name: string): boolean {
  return sqlState(err) === '23505' && (err as { constraint?: unknown }).constraint === name;
}
