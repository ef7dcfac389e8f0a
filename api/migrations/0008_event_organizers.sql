-- The organizer account that owns an event (PRODUCT §3: an organizer sees only their own events).
-- NULL for events no organizer account owns. An owner cannot be deleted while they own events.
ALTER TABLE events ADD COLUMN organizer_user_id integer REFERENCES users (id);
CREATE INDEX events_organizer_user_id_idx ON events (organizer_user_id, starts_at) WHERE organizer_user_id IS NOT NULL;
