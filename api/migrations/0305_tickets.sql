-- One ticket per seat (PRODUCT §9): every seat of a paid order is a ticket with its own random id
-- (its QR names it; its page /tickets/:id is reached with it) and a short code a person can read
-- aloud and type. Payment issues them (api/src/orders/ticket-issue.ts); this migration issues them
-- for the orders paid before. Such an order keeps its orders.ticket_id: the one QR already mailed
-- for it still admits the whole order, once. Orders paid from now on have no orders.ticket_id.
--   id    22 base64url characters of random bytes
--   code  10 symbols of TICKET_CODE_ALPHABET (packages/contracts/src/ticket-code.ts): 50 random bits
CREATE TABLE tickets (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
  order_id integer NOT NULL,
  seat_number integer NOT NULL,
  code text NOT NULL UNIQUE CHECK (code ~ '^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{10}$'),
  UNIQUE (order_id, seat_number),
  FOREIGN KEY (order_id, seat_number) REFERENCES order_seats (order_id, seat_number)
);

-- gen_random_uuid draws from the strong random source: 122 random bits, 16 bytes for the id; the
-- code takes 5 bits from each of ten bytes that carry no version or variant bits.
CREATE FUNCTION pg_temp.random_ticket_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT translate(rtrim(encode(uuid_send(gen_random_uuid()), 'base64'), '='), '+/', '-_')
$$;
CREATE FUNCTION pg_temp.random_ticket_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (get_byte(b, i) & 31), 1), '' ORDER BY k)
  FROM (SELECT uuid_send(gen_random_uuid()) AS b) r,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11]) WITH ORDINALITY AS x(i, k)
$$;

DO $$
BEGIN
  -- A code drawn twice (about one in a thousand for a million tickets) is drawn again.
  FOR attempt IN 1..5 LOOP
    INSERT INTO tickets (id, order_id, seat_number, code)
    SELECT pg_temp.random_ticket_id(), os.order_id, os.seat_number, pg_temp.random_ticket_code()
    FROM order_seats os JOIN orders o ON o.id = os.order_id
    WHERE o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = os.order_id AND t.seat_number = os.seat_number)
    ON CONFLICT (code) DO NOTHING;
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM order_seats os JOIN orders o ON o.id = os.order_id
      WHERE o.status = 'paid' AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = os.order_id AND t.seat_number = os.seat_number)
    );
  END LOOP;
END
$$;

-- A paid order has its tickets; only orders paid before tickets per seat carry an order ticket id.
ALTER TABLE orders DROP CONSTRAINT orders_paid_complete;
ALTER TABLE orders ADD CONSTRAINT orders_paid_complete CHECK (
  (status = 'paid' AND payment_type IS NOT NULL AND paid_at IS NOT NULL AND (payment_method IS NOT NULL OR total_amount = 0))
  OR (status <> 'paid' AND payment_method IS NULL AND payment_type IS NULL AND paid_at IS NULL AND ticket_id IS NULL)
);

-- Check-in per ticket. The primary key is the guarantee that two simultaneous scans (or two gates
-- syncing) cannot both check a ticket in: a check-in is one INSERT ... ON CONFLICT DO NOTHING.
--   method      scan (QR or typed code), hand (Check in on the Attendee List), gate (an offline gate's scan, synced)
--   gate        the gate device's name, for scans made at a named gate
--   overridden  admitted outside the event's check-in window by a deliberate second action
-- A check-in made with an order's one QR from before tickets per seat checks in each of its tickets.
ALTER TABLE ticket_checkins RENAME TO order_checkins;
ALTER INDEX ticket_checkins_pkey RENAME TO order_checkins_pkey;
CREATE TABLE ticket_checkins (
  ticket_id text PRIMARY KEY REFERENCES tickets (id),
  checked_in_at timestamptz NOT NULL,
  checked_in_by integer NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('scan', 'hand', 'gate')),
  gate text CHECK (length(btrim(gate)) BETWEEN 1 AND 60),
  overridden boolean NOT NULL DEFAULT false
);
INSERT INTO ticket_checkins (ticket_id, checked_in_at, checked_in_by, method)
SELECT t.id, c.checked_in_at, c.checked_in_by, 'scan' FROM order_checkins c JOIN tickets t ON t.order_id = c.order_id;
DROP TABLE order_checkins;

-- The check-in window ("doors"): from checkin_opens_minutes before the start until
-- checkin_closes_minutes after the end (EVENT_OVER_AT of api/src/db/event-sql.ts).
ALTER TABLE events
  ADD COLUMN checkin_opens_minutes smallint NOT NULL DEFAULT 180 CHECK (checkin_opens_minutes BETWEEN 0 AND 1440),
  ADD COLUMN checkin_closes_minutes smallint NOT NULL DEFAULT 0 CHECK (checkin_closes_minutes BETWEEN 0 AND 1440);

-- A ticket admitted at two gates while they were offline: the earlier scan stands, the trail keeps both.
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_action_check;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_action_check CHECK (action IN (
  'account.status_changed',
  'event.approved', 'event.rejected', 'inquiry.responded',
  'review.responded', 'seat_plan.applied',
  'ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict'
));
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_checkin_refusal;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_checkin_refusal CHECK (
  action <> 'ticket.checkin_refused'
  OR (data ->> 'result') IN ('already_checked_in', 'wrong_event', 'forged', 'altered', 'not_paid', 'unreadable',
                             'not_found', 'too_early', 'too_late', 'cancelled', 'refunded', 'transferred')
);
DROP INDEX audit_trail_checkin_event_idx;
CREATE INDEX audit_trail_checkin_event_idx ON audit_trail (event_id, id DESC)
  WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict');
DROP INDEX audit_trail_checkin_selected_event_idx;
CREATE INDEX audit_trail_checkin_selected_event_idx ON audit_trail (((data ->> 'selected_event_id')::integer), id DESC)
  WHERE action IN ('ticket.checked_in', 'ticket.checkin_refused', 'ticket.checkin_undone', 'ticket.checkin_conflict');
