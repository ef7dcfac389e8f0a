-- Seat Planning (PRODUCT §5): an event's own plan of rows x columns. Seats are numbered 1..capacity
-- row by row (row A is 1..columns); capacity = rows x columns.
--
-- section_id is the section the event is sold on with this plan. It stays NULL until selling on
-- plans lands (the next step): that step makes one section per plan, and the booking statement then
-- keeps seats of the plan within capacity. Saving a plan refuses to drop a seat that is held or
-- sold in that section (API: organizer/seat-plan.repository.ts), so it is already checked here.
CREATE TABLE event_seat_plans (
  event_id integer PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  seat_rows smallint NOT NULL CHECK (seat_rows BETWEEN 1 AND 26),
  seat_columns smallint NOT NULL CHECK (seat_columns BETWEEN 1 AND 50),
  capacity integer GENERATED ALWAYS AS (seat_rows * seat_columns) STORED,
  section_id integer UNIQUE REFERENCES sections (id),
  updated_at timestamptz NOT NULL,
  updated_by integer NOT NULL REFERENCES users (id)
);
