-- An event's waiting room. It is on while an organizer or admin keeps it on (forced), while it is
-- on by itself under load (auto_until), or while anyone is still waiting. admitted_through is the
-- last place admitted so far, admitted how many were (the pace behind the estimated waits).
CREATE TABLE waiting_rooms (
  event_id integer PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  forced boolean NOT NULL DEFAULT false,
  -- Shoppers admitted at once; null = the configured default (WAITING_ROOM_SHOPPERS).
  shoppers integer CHECK (shoppers BETWEEN 1 AND 100000),
  auto_until timestamptz,
  admitted_through bigint NOT NULL DEFAULT 0,
  admitted bigint NOT NULL DEFAULT 0
);

-- Places are numbered in order of arrival by one sequence for every line: taking a number locks
-- nothing, so thousands can join one line in the same second.
CREATE SEQUENCE waiting_line_seq;

-- One place per account and event: a reload or another tab finds the same place. A place is
-- admitted (its turn came), then claimed (its pass was given). It is deleted when its holder
-- leaves the line.
CREATE TABLE waiting_line (
  event_id integer NOT NULL REFERENCES waiting_rooms (event_id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq bigint NOT NULL DEFAULT nextval('waiting_line_seq'),
  joined_at timestamptz NOT NULL DEFAULT now(),
  admitted_at timestamptz,
  claimed_at timestamptz,
  PRIMARY KEY (event_id, user_id),
  UNIQUE (event_id, seq)
);

CREATE INDEX waiting_line_waiting_idx ON waiting_line (event_id, seq) WHERE admitted_at IS NULL;
CREATE INDEX waiting_line_admitted_idx ON waiting_line (event_id, admitted_at) WHERE admitted_at IS NOT NULL;

-- The audit trail records an organizer or admin setting an event's waiting room, with the settings.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
  WHERE conrelid = 'audit_trail'::regclass AND conname = 'audit_trail_action_check';
  IF def NOT LIKE '%''event.waiting_room_set''%' THEN
    ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
    EXECUTE 'ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''event.waiting_room_set''::text, ');
  END IF;
END
$$;
