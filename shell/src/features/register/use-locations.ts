import type { LocationItem, LocationType } from '@sports/contracts';
import { getLocations } from '@sports/api-client';
import { useCallback, useEffect, useState } from 'react';

export interface LocationOptions {
  /** null until loaded (or when there is no parent selection yet, or loading failed). */
  items: LocationItem[] | null;
  loading: boolean;
  /** SPEC §8: `Failed to load {type}: {message}`. */
  error: string | null;
  retry: () => void;
}

interface Result {
  key: string;
  items?: LocationItem[];
  error?: string;
}

/**
 * One level of the location cascade. `parentId` null means "nothing to load yet" (no parent chosen);
 * regions load with parentId ''. A result only counts for the request that produced it, so a stale
 * answer for a previous parent is never shown.
 */
export function useLocations(type: LocationType, parentId: string | null): LocationOptions {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const key = parentId === null ? null : `${type}|${parentId}|${attempt}`;

  useEffect(() => {
    if (key === null || parentId === null) return;
    const controller = new AbortController();
    getLocations(type, parentId || undefined, controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setResult({ key, items });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setResult({ key, error: `Failed to load ${type}: ${message}` });
      },
    );
    return () => controller.abort();
  }, [key, type, parentId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = result !== null && result.key === key ? result : null;
  return {
    items: current?.items ?? null,
    loading: key !== null && current === null,
    error: current?.error ?? null,
    retry,
  };
}
