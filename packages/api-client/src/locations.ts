// @sports/api-client/locations: SPEC §7's PSGC address calls.
import { locationsResponseSchema } from '@sports/contracts';
import type { LocationItem, LocationType } from '@sports/contracts';
import { apiGet } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/**
 * GET /api/locations.php?type=regions, or ?type=provinces|cities|barangays&id={parent PSGC id}
 * -> array of { id, name }.
 */
export async function getLocations(type: LocationType, parentId?: string, signal?: AbortSignal): Promise<LocationItem[]> {
  const query = new URLSearchParams({ type });
  if (type !== 'regions') {
    if (!parentId) throw new Error(`getLocations('${type}') needs the id of the parent location`);
    query.set('id', parentId);
  }
  return apiGet(`/api/locations.php?${query.toString()}`, locationsResponseSchema, { signal });
}

/** The PSGC places never change while the app runs: read once per page load. */
export const locationQuery = (type: LocationType, parentId?: string) =>
  queryOptions({
    queryKey: ['locations', type, parentId ?? null] as const,
    queryFn: ({ signal }) => getLocations(type, parentId, signal),
    staleTime: Infinity,
  });
