-- A ticket given to another person (PRODUCT §9): its buyer (or whoever holds it now) names an email
-- address. The ticket given stops admitting at once (tickets.transferred_at); when the recipient
-- has an account, or later registers with that address, a new ticket (new id, new code, new QR) is
-- issued for the same seat and held by them. Until then the sender may take it back, and the old
-- ticket admits again.
--   holder_user_id  who holds the ticket; NULL for the order's buyer
--   transferred_at  set while the ticket is given away (a pending or claimed transfer): it no
--                   longer admits; cleared when a pending transfer is taken back
ALTER TABLE tickets
  ADD COLUMN holder_user_id integer REFERENCES users (id),
  ADD COLUMN transferred_at timestamptz;

-- A seat has one live ticket; the tickets it had before a transfer stay for the trail.
ALTER TABLE tickets DROP CONSTRAINT tickets_order_id_seat_number_key;
CREATE UNIQUE INDEX tickets_live_seat_idx ON tickets (order_id, seat_number) WHERE transferred_at IS NULL;
CREATE INDEX tickets_holder_idx ON tickets (holder_user_id) WHERE holder_user_id IS NOT NULL;

--   to_email       normalised: trimmed, lower case
--   to_user_id     the recipient's account once known (at once, or when they register)
--   new_ticket_id  the ticket issued to the recipient on claim
--   state          pending (sent, not yet claimed), claimed, revoked (taken back by the sender)
CREATE TABLE ticket_transfers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id text NOT NULL REFERENCES tickets (id),
  from_user_id integer NOT NULL REFERENCES users (id),
  to_email text NOT NULL CHECK (length(to_email) BETWEEN 3 AND 320 AND to_email = lower(btrim(to_email))),
  to_user_id integer REFERENCES users (id),
  new_ticket_id text UNIQUE REFERENCES tickets (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'revoked')),
  created_at timestamptz NOT NULL,
  claimed_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT ticket_transfers_not_to_sender CHECK (to_user_id IS DISTINCT FROM from_user_id),
  CONSTRAINT ticket_transfers_claimed_complete CHECK ((state = 'claimed') = (claimed_at IS NOT NULL AND new_ticket_id IS NOT NULL AND to_user_id IS NOT NULL)),
  CONSTRAINT ticket_transfers_revoked_complete CHECK ((state = 'revoked') = (revoked_at IS NOT NULL))
);
-- A ticket is given at most once at a time: whatever runs at once, one open (or claimed) transfer.
CREATE UNIQUE INDEX ticket_transfers_one_open_idx ON ticket_transfers (ticket_id) WHERE state <> 'revoked';
-- Registration claims what was sent to its address.
CREATE INDEX ticket_transfers_pending_email_idx ON ticket_transfers (to_email) WHERE state = 'pending';
CREATE INDEX ticket_transfers_from_idx ON ticket_transfers (from_user_id, id DESC);
