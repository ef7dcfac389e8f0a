import type { LocationItem, LocationType } from '@sports/contracts';
import { locationQuery } from '@sports/api-client/locations';
import { useQuery } from '@sports/query';

export interface LocationOptions {
  /** null until loaded (or when there is no parent selection yet, or loading failed). */
  items: LocationItem[] | null;
  loading: boolean;
  /** SPEC §8: `Failed to load {type}: {message}`. */
  error: string | null;
  retry: () => void;
}

/**
 * One level of the location cascade. `parentId` null means "nothing to load yet" (no parent chosen);
 * regions load with parentId ''. Each parent has its own cache entry, so a stale answer for a
 * previous parent is never shown.
 */
export function useLocations(type: LocationType, parentId: string | null): LocationOptions {
  const query = useQuery({ ...locationQuery(type, parentId || undefined), enabled: parentId !== null });
  const message = query.error instanceof Error ? query.error.message : String(query.error);
  return {
    items: query.data ?? null,
    loading: parentId !== null && query.isPending,
    error: query.isError ? `Failed to load ${type}: ${message}` : null,
    retry: () => void query.refetch(),
  };
}
