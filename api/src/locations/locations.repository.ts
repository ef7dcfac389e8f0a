import type { LocationItem } from '@sports/contracts';
import type { Queryable } from '../db';

const CHILDREN: Record<'cities' | 'barangays', { table: string; parent: string }> = {
  cities: { table: 'cities', parent: 'province_code' },
  barangays: { table: 'barangays', parent: 'city_code' },
};

/** Regions in PSGC order (their codes): Ilocos Region first, not alphabetical. */
export async function findRegions(db: Queryable): Promise<LocationItem[]> {
  const { rows } = await db.query<LocationItem>('SELECT code AS id, name FROM regions ORDER BY code');
  return rows;
}

/** A region's provinces; one that holds a single city of its own name is that city (marked). */
export async function findProvinces(db: Queryable, regionCode: string): Promise<LocationItem[]> {
  const { rows } = await db.query<{ id: string; name: string; independent: boolean }>(
    `SELECT p.code AS id, p.name, (count(c.code) = 1 AND bool_and(c.name = p.name)) AS independent
     FROM provinces p LEFT JOIN cities c ON c.province_code = p.code
     WHERE p.region_code = $1
     GROUP BY p.code, p.name`,
    [regionCode],
  );
  return rows.map(({ id, name, independent }) => (independent ? { id, name, independentCity: true } : { id, name }));
}

export async function findChildren(db: Queryable, type: 'cities' | 'barangays', parentCode: string): Promise<LocationItem[]> {
  const { table, parent } = CHILDREN[type];
  const { rows } = await db.query<LocationItem>(`SELECT code AS id, name FROM ${table} WHERE ${parent} = $1`, [parentCode]);
  return rows;
}

/** Where each chosen code sits: null where the code is unknown. */
export interface AddressChain {
  region: boolean;
  provinceRegion: string | null;
  cityProvince: string | null;
  barangayCity: string | null;
}

export async function findChain(db: Queryable, codes: { region: string; province: string; city: string; barangay: string }): Promise<AddressChain> {
  const { rows } = await db.query<{ region: boolean; province_region: string | null; city_province: string | null; barangay_city: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM regions WHERE code = $1) AS region,
            (SELECT region_code FROM provinces WHERE code = $2) AS province_region,
            (SELECT province_code FROM cities WHERE code = $3) AS city_province,
            (SELECT city_code FROM barangays WHERE code = $4) AS barangay_city`,
    [codes.region, codes.province, codes.city, codes.barangay],
  );
  const row = rows[0];
  return {
    region: row?.region ?? false,
    provinceRegion: row?.province_region ?? null,
    cityProvince: row?.city_province ?? null,
    barangayCity: row?.barangay_city ?? null,
  };
}
