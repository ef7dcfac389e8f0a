-- When each offline gate took its copy of an event (GET /api/organizer/events/:id/gate?device=),
-- by the server's clock. A synced scan dated before its gate's first copy (less the clock
-- allowance) cannot have been made with that copy, and is refused (docs/checkin.md). The gate
-- only names itself; the time is never the client's.
--   device          the gate's name as it asked ('' when it asked without one)
--   first_at        its first copy of the event; last_at, last_by its latest
CREATE TABLE gate_downloads (
  event_id integer NOT NULL REFERENCES events (id),
  device text NOT NULL CHECK (device = '' OR length(btrim(device)) BETWEEN 1 AND 60),
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  last_by integer NOT NULL REFERENCES users (id),
  PRIMARY KEY (event_id, device)
);

-- A sync refuses a scan whose time it cannot believe: in the future, or before the gate had its copy.
ALTER TABLE audit_trail DROP CONSTRAINT audit_trail_checkin_refusal;
ALTER TABLE audit_trail ADD CONSTRAINT audit_trail_checkin_refusal CHECK (
  action <> 'ticket.checkin_refused'
  OR (data ->> 'result') IN ('already_checked_in', 'wrong_event', 'forged', 'altered', 'not_paid', 'unreadable',
                             'not_found', 'too_early', 'too_late', 'cancelled', 'refunded', 'transferred',
                             'in_future', 'before_download')
);
