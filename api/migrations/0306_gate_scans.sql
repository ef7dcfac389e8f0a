-- Scans an offline gate synced (POST /api/organizer/events/:id/gate/scans). The gate makes each
-- scan's id; the primary key makes a retried sync apply each scan once (the retry reads the
-- first outcome). The check-in itself is the ticket's row in ticket_checkins.
--   event_id, ticket_id  the event synced to and the ticket the gate admitted (not necessarily a ticket of that event:
--                        not_found), or the ticket a refusal named (NULL when it named none)
--   device               the gate's name, as the organizer gave it
--   scanned_at           when the gate scanned it (its clock, never later than the sync)
--   override             admitted outside the check-in window ("Admit anyway")
--   outcome              what the sync made of it (GATE_SCAN_OUTCOMES of packages/contracts/src/gate-ticket.ts);
--                        'logged': the gate refused it, and the audit trail has the refusal
CREATE TABLE gate_scans (
  scan_id uuid PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id),
  ticket_id text CHECK (ticket_id ~ '^[A-Za-z0-9_-]{22}$'),
  device text NOT NULL CHECK (length(btrim(device)) BETWEEN 1 AND 60),
  scanned_at timestamptz NOT NULL,
  override boolean NOT NULL DEFAULT false,
  outcome text NOT NULL CHECK (outcome IN ('checked_in', 'earlier', 'later', 'same_gate', 'not_found', 'refused', 'logged')),
  CHECK (ticket_id IS NOT NULL OR outcome = 'logged'),
  synced_at timestamptz NOT NULL,
  synced_by integer NOT NULL REFERENCES users (id)
);
CREATE INDEX gate_scans_event_idx ON gate_scans (event_id, scanned_at);
