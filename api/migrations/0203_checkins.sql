-- Check-in at the gate (PRODUCT §5). A paid order is one ticket; it is Present when it has a row
-- here. The primary key is the guarantee that two simultaneous scans cannot both check a ticket in:
-- the check-in is one INSERT ... ON CONFLICT DO NOTHING, and the loser finds the winner's time.
-- Undo deletes the row (and logs it with a reason).
CREATE TABLE ticket_checkins (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  checked_in_at timestamptz NOT NULL,
  checked_in_by integer NOT NULL REFERENCES users (id)
);

-- Every scan, accepted or refused, and every undo: who, when, which ticket, the answer.
--   organizer_user_id  who scanned or undid
--   selected_event_id  the event chosen on the Attendee List when scanning (if any)
--   event_id, order_id the ticket's event and order, only when the ticket is one of that organizer's
--   ticket_id          the ticket id the scanned text claimed (when it was readable at all)
--   reason             why a check-in was undone (undo only)
CREATE TABLE checkin_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  organizer_user_id integer NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('scan', 'undo')),
  result text NOT NULL CHECK (result IN ('checked_in', 'already_checked_in', 'wrong_event', 'forged', 'altered', 'not_paid', 'unreadable', 'undone')),
  selected_event_id integer REFERENCES events (id),
  event_id integer REFERENCES events (id),
  order_id integer REFERENCES orders (id),
  ticket_id text CHECK (ticket_id ~ '^[A-Za-z0-9_-]{22}$'),
  reason text CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  CHECK ((action = 'undo') = (result = 'undone')),
  CHECK ((action = 'undo') = (reason IS NOT NULL)),
  CHECK (action = 'scan' OR order_id IS NOT NULL)
);
CREATE INDEX checkin_log_event_idx ON checkin_log (event_id, id DESC);
CREATE INDEX checkin_log_selected_event_idx ON checkin_log (selected_event_id, id DESC);

-- The Attendee List, the Dashboard and check-in read an event's paid orders.
CREATE INDEX orders_paid_event_idx ON orders (event_id, id) WHERE status = 'paid';
