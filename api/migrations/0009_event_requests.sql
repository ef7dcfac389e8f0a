-- Event requests (PRODUCT §5, §6): an organizer's event is a request until an admin decides.
--   ends_at           when the event ends (NULL for events announced without an end)
--   rejection_reason  the admin's reason, shown on the organizer's Event List (Rejected only)
--   reviewed_by/_at   the admin who approved or rejected it, and when
ALTER TABLE events
  ADD COLUMN ends_at timestamptz,
  ADD COLUMN rejection_reason text CHECK (length(btrim(rejection_reason)) BETWEEN 1 AND 500),
  ADD COLUMN reviewed_by integer REFERENCES users (id),
  ADD COLUMN reviewed_at timestamptz,
  ADD CONSTRAINT events_ends_after_start CHECK (ends_at > starts_at),
  ADD CONSTRAINT events_reason_only_when_rejected CHECK (rejection_reason IS NULL OR status = 'Rejected'),
  ADD CONSTRAINT events_reviewed_together CHECK ((reviewed_by IS NULL) = (reviewed_at IS NULL));

-- The admin's Manage Events screen pages through requests by status.
CREATE INDEX events_status_created_idx ON events (status, created_at DESC, id DESC);
