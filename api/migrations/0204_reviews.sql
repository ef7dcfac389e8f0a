-- Reviews (PRODUCT §5): a visitor who was checked in at an event writes one review of it (rating
-- 1-5 and text) from My Tickets; the organizer answers once (Send Response), which mails the
-- reviewer. The API inserts a review only for the caller's own paid, checked-in order of that event.
CREATE TABLE reviews (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id),
  user_id integer NOT NULL REFERENCES users (id),
  order_id integer NOT NULL REFERENCES orders (id),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL,
  response text CHECK (length(btrim(response)) BETWEEN 1 AND 2000),
  responded_at timestamptz,
  responded_by integer REFERENCES users (id),
  CHECK (num_nulls(response, responded_at, responded_by) IN (0, 3)),
  -- One review per visitor and event.
  UNIQUE (event_id, user_id)
);
CREATE INDEX reviews_event_created_idx ON reviews (event_id, created_at DESC, id DESC);
CREATE INDEX reviews_user_idx ON reviews (user_id, created_at DESC);

-- Organizer writes that change what someone else sees or gets, with who and when: a reply to a
-- review (the reviewer is mailed), a seat plan applied (buyers are seated on it). Check-ins and
-- undos have their own log (checkin_log).
CREATE TABLE organizer_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_user_id integer NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('review.respond', 'seat_plan.apply')),
  event_id integer NOT NULL REFERENCES events (id),
  review_id integer REFERENCES reviews (id),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  CHECK ((action = 'review.respond') = (review_id IS NOT NULL))
);
CREATE INDEX organizer_audit_log_event_idx ON organizer_audit_log (event_id, id DESC);
