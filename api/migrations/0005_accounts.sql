-- Accounts (PRODUCT §3): the registration address, account numbers, sessions, social identities
-- and password-reset codes.

-- SPEC §3 registration record. All five are set together (registration) or none (demo and
-- social accounts); the composite foreign keys make the database refuse a barangay outside its
-- city, a city outside its province or a province outside its region.
ALTER TABLE users
  ADD COLUMN region_code text REFERENCES regions (code),
  ADD COLUMN province_code text,
  ADD COLUMN city_code text,
  ADD COLUMN barangay_code text,
  ADD COLUMN house_address text CHECK (length(btrim(house_address)) BETWEEN 1 AND 200),
  -- The 12-digit account number of the admin Accounts screen.
  ADD COLUMN account_no text GENERATED ALWAYS AS ((100000000000 + id)::text) STORED,
  ADD CONSTRAINT users_province_in_region_fkey FOREIGN KEY (province_code, region_code) REFERENCES provinces (code, region_code),
  ADD CONSTRAINT users_city_in_province_fkey FOREIGN KEY (city_code, province_code) REFERENCES cities (code, province_code),
  ADD CONSTRAINT users_barangay_in_city_fkey FOREIGN KEY (barangay_code, city_code) REFERENCES barangays (code, city_code),
  ADD CONSTRAINT users_address_all_or_none CHECK (num_nulls(region_code, province_code, city_code, barangay_code, house_address) IN (0, 5));

CREATE INDEX users_created_at_idx ON users (created_at);

-- A login. The cookie's JWT names the row (claim sid); the API loads it on every request, so
-- logout (revoked_at) and a password reset end it at once.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Social sign-in accounts, keyed by provider and subject (never by email).
CREATE TABLE user_identities (
  provider text NOT NULL CHECK (provider IN ('google')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user_id_idx ON user_identities (user_id);

-- 6-digit password-reset codes: only an HMAC-SHA256 of the code is kept. Valid 10 minutes,
-- one use, dead after 5 wrong tries; only the account's newest code counts.
CREATE TABLE password_reset_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX password_reset_codes_user_created_idx ON password_reset_codes (user_id, created_at DESC);
