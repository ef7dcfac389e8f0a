import { useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; data: T };

type Loader<T> = (signal: AbortSignal) => Promise<T>;

interface Settled<T> {
  load: Loader<T>;
  attempt: number;
  state: AsyncState<T>;
}

/**
 * Runs `load` (memoise it with useCallback) and tracks its state. A new loader or a retry shows
 * 'loading' at once, never the previous answer; the previous request is aborted.
 */
export function useAsync<T>(load: Loader<T>): AsyncState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ load, attempt, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ load, attempt, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: AsyncState<T> =
    settled && settled.load === load && settled.attempt === attempt ? settled.state : { status: 'loading' };
  return { ...state, retry };
}
