-- Attempt counters of the rate limits (PRODUCT §3), now kept by rate-limiter-flexible's PostgreSQL
-- store (api/src/rate-limit): one row per key (e.g. `login:ip:203.0.113.7`; account keys hold
-- SHA-256 hashes, never an email) with the points used in its window and when the window ends
-- (epoch milliseconds). The columns and their order are the library's own (it inserts
-- `VALUES (key, points, expire)`); the app tells the library the table exists (tableCreated).
CREATE TABLE rate_limit_points (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- Ended windows are deleted now and then.
CREATE INDEX rate_limit_points_expire_idx ON rate_limit_points (expire);

-- The hand-written fixed-window counters it replaces; their counts are not carried over (at most
-- one window's worth of attempts is forgotten once).
DROP TABLE rate_limits;
