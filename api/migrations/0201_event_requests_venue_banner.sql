-- Create Event (PRODUCT §5): an organizer's event request carries a banner image, a venue and a
-- PSGC city and barangay.
--
-- Banner images are checked by content (PNG, JPEG or WebP; at most 5 MiB; at most 4000 px a side)
-- and their bytes are kept outside the database by the API's file store (under .data/uploads by
-- default), named by the banner id. This table keeps what the API needs to serve them.
--   id           random and unguessable (base64url of 16 random bytes): the public URL /api/banners/<id>
--   uploaded_by  the organizer who uploaded it; only they can attach it to an event
CREATE TABLE banners (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  uploaded_by integer NOT NULL REFERENCES users (id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  byte_size integer NOT NULL CHECK (byte_size BETWEEN 1 AND 5242880),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 4000),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 4000),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL
);
CREATE INDEX banners_uploaded_by_idx ON banners (uploaded_by, created_at);

-- NULL for the demo's venue events (they show a generated poster and play at the sports complex).
-- The composite key makes the database refuse a barangay outside the event's city.
ALTER TABLE events
  ADD COLUMN banner_id text REFERENCES banners (id),
  ADD COLUMN venue_name text CHECK (length(btrim(venue_name)) BETWEEN 1 AND 200),
  ADD COLUMN street_name text CHECK (length(btrim(street_name)) BETWEEN 1 AND 200),
  ADD COLUMN city_code text REFERENCES cities (code),
  ADD COLUMN barangay_code text,
  ADD CONSTRAINT events_barangay_in_city_fkey FOREIGN KEY (barangay_code, city_code) REFERENCES barangays (code, city_code),
  ADD CONSTRAINT events_barangay_needs_city CHECK (barangay_code IS NULL OR city_code IS NOT NULL);
