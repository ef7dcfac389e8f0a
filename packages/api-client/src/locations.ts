import type { LocationItem, LocationType } from '@sports/contracts';
import { ApiError, apiGet } from './http';

function toLocationItem(value: unknown): LocationItem | null {
  const v = value as { id?: unknown; name?: unknown } | null;
  if (typeof v !== 'object' || v === null) return null;
  const id = typeof v.id === 'number' ? String(v.id) : v.id;
  if (typeof id !== 'string' || id === '' || typeof v.name !== 'string') return null;
  return { id, name: v.name };
}

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
  const data = await apiGet<unknown>(`/api/locations.php?${query.toString()}`, signal);
  if (!Array.isArray(data)) throw new ApiError(200, 'Unexpected answer from the locations service');
  return data.map(toLocationItem).filter((item): item is LocationItem => item !== null);
}

export const getRegions = (signal?: AbortSignal) => getLocations('regions', undefined, signal);
export const getProvinces = (regionId: string, signal?: AbortSignal) => getLocations('provinces', regionId, signal);
export const getCities = (provinceId: string, signal?: AbortSignal) => getLocations('cities', provinceId, signal);
export const getBarangays = (cityId: string, signal?: AbortSignal) => getLocations('barangays', cityId, signal);
