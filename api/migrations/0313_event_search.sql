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

-- The words of a search's text, folded, as a query of word beginnings ("basketbal" -> basketbal:*,
-- all of them): only letters and digits reach to_tsquery, so any text makes a valid query.
CREATE FUNCTION search_prefix_query(input text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
  SELECT to_tsquery('simple'::regconfig, coalesce(string_agg(w || ':*', ' & '), ''))
  FROM regexp_split_to_table(search_fold(input), '[^a-z0-9]+') AS w
  WHERE w <> '';
END;

-- What a search looks through. Typos are forgiven (trigram word similarity) in the short texts:
-- the title, the organizer's name (copied from their account when the event was asked for), the
-- venue and its street; the title alone ranks a match there above one elsewhere. The description,
-- up to 1,000 characters, is matched by its words and their beginnings (full-text search): the
-- trigram check of every candidate's whole description cost too much (npm run bench:search).
-- (concat_ws is not IMMUTABLE: hence ||.)
ALTER TABLE events
  ADD COLUMN search_title text GENERATED ALWAYS AS (search_fold(title)) STORED,
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    search_fold(title || ' ' || coalesce(organizer, '') || ' ' || coalesce(venue_name, '') || ' ' || coalesce(street_name, ''))
  ) STORED,
  ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_fold(description))) STORED;

CREATE INDEX events_search_text_trgm_idx ON events USING gin (search_text public.gin_trgm_ops)
  WHERE status = 'Approved' AND cancelled_at IS NULL;
CREATE INDEX events_search_doc_idx ON events USING gin (search_doc) WHERE status = 'Approved' AND cancelled_at IS NULL;
-- Filters and sorts without text: upcoming approved events by start.
CREATE INDEX events_listed_starts_idx ON events (starts_at) WHERE status = 'Approved' AND cancelled_at IS NULL;
