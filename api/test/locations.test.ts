import type { LocationItem } from '@sports/contracts';
import { migrate } from '../src/db';
import { buildLocationTables, loadLocations, readPsgcData } from '../src/locations/psgc-loader';
import { freshSchema, startTestApp } from './support/helpers';
import type { TestApp } from './support/helpers';

async function list(app: TestApp, query: string): Promise<LocationItem[]> {
  const res = await app.get(`/api/locations.php?${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as LocationItem[];
  expect(Array.isArray(body)).toBe(true);
  return body;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

describe('locations API (PSGC)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('has the 18 regions, and over 40,000 barangays', async () => {
    const regions = await list(app, 'type=regions');
    expect(regions).toHaveLength(18);
    expect(regions.map((r) => r.name)).toEqual(expect.arrayContaining(['National Capital Region (NCR)', 'Cordillera Administrative Region (CAR)']));
    const { rows } = await app.db.query<{ regions: number; provinces: number; cities: number; barangays: number }>(
      `SELECT (SELECT count(*)::int FROM regions) AS regions, (SELECT count(*)::int FROM provinces) AS provinces,
              (SELECT count(*)::int FROM cities) AS cities, (SELECT count(*)::int FROM barangays) AS barangays`,
    );
    expect(rows[0]?.regions).toBeGreaterThanOrEqual(17);
    expect(rows[0]?.provinces).toBeGreaterThanOrEqual(80);
    expect(rows[0]?.cities).toBeGreaterThanOrEqual(1600);
    expect(rows[0]?.barangays).toBeGreaterThanOrEqual(40_000);
  });

  it('answers plain arrays of { id, name } (independentCity on some provinces): regions in PSGC order, the rest by name', async () => {
    const regions = await list(app, 'type=regions');
    const provinces = await list(app, 'type=provinces&id=0400000000');
    for (const items of [regions, provinces]) {
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(['id', 'independentCity', 'name']).toEqual(expect.arrayContaining(Object.keys(item)));
      expect(items.every((i) => /^\d{10}$/.test(i.id) && i.name === i.name.trim() && i.name !== '')).toBe(true);
    }
    const ids = regions.map((r) => r.id);
    expect([...ids].sort()).toEqual(ids);
    // Region I (Ilocos) before Region V (Bicol) before Region IX: not alphabetical.
    const position = (prefix: string) => regions.findIndex((r) => r.name.startsWith(prefix));
    expect(position('Region I ')).toBeLessThan(position('Region V '));
    expect(position('Region V ')).toBeLessThan(position('Region IX '));
    const names = provinces.map((i) => i.name);
    expect([...names].sort(collator.compare)).toEqual(names);
  });

  it('marks a province-level place that is one city, so the form need not ask for the city again', async () => {
    const ncr = await list(app, 'type=provinces&id=1300000000');
    const byName = (items: typeof ncr, name: string) => items.find((i) => i.name === name) as Record<string, unknown> | undefined;
    expect(byName(ncr, 'Quezon City')).toMatchObject({ independentCity: true });
    expect(byName(ncr, 'Pateros')).toMatchObject({ independentCity: true });
    // Manila holds its districts: the district is still asked.
    expect(byName(ncr, 'City of Manila')).not.toHaveProperty('independentCity');
    const r3 = await list(app, 'type=provinces&id=0300000000');
    expect(byName(r3, 'City of Angeles')).toMatchObject({ independentCity: true });
    expect(byName(r3, 'Bulacan')).not.toHaveProperty('independentCity');
    const quezonCity = await list(app, `type=cities&id=${byName(ncr, 'Quezon City')?.id as string}`);
    expect(quezonCity.map((c) => c.name)).toEqual(['Quezon City']);
  });

  it('cascades region > province > city > barangay, numbers in natural order', async () => {
    const ncr = (await list(app, 'type=regions')).find((r) => r.name === 'National Capital Region (NCR)');
    expect(ncr?.id).toBe('1300000000');
    const provinces = await list(app, `type=provinces&id=${ncr?.id}`);
    const manila = provinces.find((p) => p.name === 'City of Manila');
    expect(manila).toBeDefined();
    expect(provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['Quezon City', 'Pateros', 'City of Makati']));
    const districts = await list(app, `type=cities&id=${manila?.id}`);
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['Tondo I/II', 'Sampaloc', 'Ermita']));
    const tondo = districts.find((d) => d.name === 'Tondo I/II');
    const barangays = await list(app, `type=barangays&id=${tondo?.id}`);
    expect(barangays.length).toBeGreaterThan(200);
    // "Barangay 2" comes before "Barangay 10".
    const numbered = barangays.filter((b) => /^Barangay \d+$/.test(b.name)).map((b) => Number(b.name.split(' ')[1]));
    expect(numbered.length).toBeGreaterThan(10);
    expect([...numbered].sort((a, b) => a - b)).toEqual(numbered);

    // A province outside NCR, down to barangays.
    const r3 = await list(app, 'type=provinces&id=0300000000');
    const bulacan = r3.find((p) => p.name === 'Bulacan');
    const cities = await list(app, `type=cities&id=${bulacan?.id}`);
    const malolos = cities.find((c) => c.name.includes('Malolos'));
    expect(malolos).toBeDefined();
    expect((await list(app, `type=barangays&id=${malolos?.id}`)).length).toBeGreaterThan(10);
  });

  it('reaches every city through a province of its region, and every city has barangays', async () => {
    const { rows } = await app.db.query<{ orphans: number; empty: number; unreachable: number }>(
      `SELECT (SELECT count(*)::int FROM cities c LEFT JOIN provinces p ON p.code = c.province_code LEFT JOIN regions r ON r.code = p.region_code WHERE r.code IS NULL) AS orphans,
              (SELECT count(*)::int FROM cities c WHERE NOT EXISTS (SELECT 1 FROM barangays b WHERE b.city_code = c.code)) AS empty,
              (SELECT count(*)::int FROM provinces p WHERE NOT EXISTS (SELECT 1 FROM cities c WHERE c.province_code = p.code)) AS unreachable`,
    );
    expect(rows[0]).toEqual({ orphans: 0, empty: 0, unreachable: 0 });
  });

  it('gives places without a province in the dataset a pseudo-province', async () => {
    const barmm = await list(app, 'type=provinces&id=1900000000');
    const sga = barmm.find((p) => p.name.startsWith('Special Geographic Area'));
    expect(sga).toBeDefined();
    expect((await list(app, `type=cities&id=${sga?.id}`)).length).toBeGreaterThanOrEqual(8);
    const pateros = (await list(app, 'type=provinces&id=1300000000')).find((p) => p.name === 'Pateros');
    expect((await list(app, `type=cities&id=${pateros?.id}`)).map((c) => c.name)).toEqual(['Pateros']);
  });

  it('answers [] for an unknown parent id', async () => {
    for (const query of ['type=provinces&id=9900000000', 'type=cities&id=0000000000', 'type=barangays&id=abc', "type=barangays&id=1' OR '1'='1"]) {
      expect(await list(app, query)).toEqual([]);
    }
  });

  it('refuses a missing or unknown type, or a missing id, with 400', async () => {
    for (const query of ['', 'type=', 'type=streets', 'type=regions&type=cities', 'type=provinces', 'type=cities&id=', 'type=barangays&id=1&id=2']) {
      const res = await app.get(`/api/locations.php?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { success: boolean; error: string };
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/type|id/);
    }
  });
});

describe('PSGC loader', () => {
  // The bounds catch a loader gone wrong (row by row, or loading twice), with room for a machine busy with other work.
  it('loads into an empty database within seconds, and a second run is one lookup', async () => {
    const s = await freshSchema();
    try {
      await migrate(s.db);
      let started = Date.now();
      const first = await loadLocations(s.db);
      const firstMs = Date.now() - started;
      expect(first.loaded).toBe(true);
      expect(firstMs).toBeLessThan(30_000);
      const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM barangays');
      expect(rows[0]?.n).toBe(first.counts.barangays);

      started = Date.now();
      const second = await loadLocations(s.db);
      expect(second).toEqual({ loaded: false, counts: first.counts });
      expect(Date.now() - started).toBeLessThan(5_000);
      const again = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM barangays');
      expect(again.rows[0]?.n).toBe(first.counts.barangays);
    } finally {
      await s.drop();
    }
  });

  it('builds four complete levels from the dataset', async () => {
    const tables = buildLocationTables(await readPsgcData());
    expect(tables.regions).toHaveLength(18);
    expect(tables.barangays.length).toBeGreaterThanOrEqual(42_000);
    const provinces = new Set(tables.provinces.map((p) => p[0]));
    const cities = new Set(tables.cities.map((c) => c[0]));
    expect(tables.cities.every((c) => provinces.has(c[1]))).toBe(true);
    expect(tables.barangays.every((b) => cities.has(b[1]))).toBe(true);
    expect(tables.synthesizedProvinces.map((p) => p[2]).sort()).toEqual(['City of Isabela', 'Pateros', 'Special Geographic Area (BARMM)']);
    // The City of Manila entry has no barangays of its own (they are under its districts).
    expect(tables.skipped).toEqual([expect.stringMatching(/^City of Manila/)]);
  });
});
