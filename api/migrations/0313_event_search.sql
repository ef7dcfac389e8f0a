-- Search over events for visitors (GET /api/events/search): forgiving of typos (pg_trgm word
-- similarity, 0303 created it) and of accents (unaccent, trusted like pg_trgm). Both live in public,
-- named in full below, whatever a connection's search_path is.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could change); with the dictionary fixed here this
-- folding is IMMUTABLE, as a generated column needs. Lower case and no accents: "Café" -> "cafe".
CREATE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, input));
END;

-- What a search looks through: the title, the organizer's name (copied from their account when
-- the event was asked for), the venue, its street and the description; and the title alone, which
-- ranks a match in the title above one elsewhere. (concat_ws is not IMMUTABLE: hence ||.)
ALTER TABLE events
  ADD COLUMN search_title text GENERATED ALWAYS AS (search_fold(title)) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    search_fold(title || ' ' || coalesce(organizer, '') || ' ' || coalesce(venue_name, '') || ' ' || coalesce(street_name, '') || ' ' || description)
  ) STORED;

CREATE INDEX events_search_text_trgm_idx ON events USING gin (search_text public.gin_trgm_ops)
  WHERE status = 'Approved' AND cancelled_at IS NULL;
-- Filters and sorts without text: upcoming approved events by start, price or age.
CREATE INDEX events_listed_starts_idx ON events (starts_at) WHERE status = 'Approved' AND cancelled_at IS NULL;
