-- Attempt counters of the rate limits (PRODUCT §3), shared by every API process: one row per
-- bucket (e.g. login per account, login per IP; account keys are stored as SHA-256 hashes) and
-- fixed window, bumped with one atomic INSERT ... ON CONFLICT DO UPDATE ... RETURNING count.
CREATE TABLE rate_limits (
  bucket text NOT NULL CHECK (length(bucket) BETWEEN 1 AND 200),
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (bucket, window_start),
  CHECK (window_end > window_start)
);
-- Finished windows are deleted now and then.
CREATE INDEX rate_limits_window_end_idx ON rate_limits (window_end);
