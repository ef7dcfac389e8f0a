import type { LocationItem, LocationType } from '@sports/contracts';
import type { Queryable } from '../db';
import { badRequest } from '../errors';
import * as repo from './locations.repository';

/** "Barangay 2" before "Barangay 10"; accents and case do not split the order. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = (a: LocationItem, b: LocationItem): number => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One level of the cascade: regions in PSGC order, the rest by name; an unknown parent has no children ([]). */
export async function listLocations(db: Queryable, type: LocationType, parentId: string | undefined): Promise<LocationItem[]> {
  if (type === 'regions') return repo.findRegions(db);
  if (parentId === undefined || parentId.trim() === '') throw badRequest(`id is required for type=${type}`);
  const parent = parentId.trim();
  return (type === 'provinces' ? await repo.findProvinces(db, parent) : await repo.findChildren(db, type, parent)).sort(byName);
}

export const ADDRESS_MESSAGES = {
  region: 'Please select a valid region.',
  province: 'The selected province is not in the selected region.',
  city: 'The selected city/municipality is not in the selected province.',
  barangay: 'The selected barangay is not in the selected city/municipality.',
} as const;

/** The registration address must be one real chain: barangay in city in province in region. */
export async function checkAddressChain(db: Queryable, codes: { region: string; province: string; city: string; barangay: string }): Promise<void> {
  const chain = await repo.findChain(db, codes);
  if (!chain.region) throw badRequest(ADDRESS_MESSAGES.region);
  if (chain.provinceRegion !== codes.region) throw badRequest(ADDRESS_MESSAGES.province);
  if (chain.cityProvince !== codes.province) throw badRequest(ADDRESS_MESSAGES.city);
  if (chain.barangayCity !== codes.city) throw badRequest(ADDRESS_MESSAGES.barangay);
}
