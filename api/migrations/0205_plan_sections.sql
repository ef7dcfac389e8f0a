-- Selling on an event's own seat plan (PRODUCT §5): an event with a plan is sold on that
-- plan as one section of its own, through the very same booking statement and live-seat index as
-- the arena's sections.
--
-- sections.event_id marks a plan's section (NULL: one of the arena's 13); seat_rows is its number
-- of rows (the arena's follow their level, SPEC §9). A plan's section is kept in step with the plan
-- by the trigger below, so every way a plan is written (Apply Event, the demo seed) gets one.
-- Labels stay unique among the arena's sections only: every plan's section is the 'Floor'.
ALTER TABLE sections
  ADD COLUMN event_id integer UNIQUE REFERENCES events (id) ON DELETE CASCADE,
  ADD COLUMN seat_rows smallint CHECK (seat_rows BETWEEN 1 AND 26),
  ADD CHECK ((event_id IS NULL) = (seat_rows IS NULL));
ALTER TABLE sections DROP CONSTRAINT sections_label_key;
CREATE UNIQUE INDEX sections_arena_label_key ON sections (label) WHERE event_id IS NULL;

-- The plan's section, created with the plan and resized with it. In front of the stage on the
-- venue drawing. BEFORE, so the plan row records its section; an INSERT ... ON CONFLICT that turns
-- into an update finds the section already there.
CREATE FUNCTION event_seat_plans_section() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO sections AS s (label, capacity, level, map_x, map_y, map_width, map_height, event_id, seat_rows)
  VALUES ('Floor', NEW.seat_rows * NEW.seat_columns, 'lower', 28, 70, 44, 12, NEW.event_id, NEW.seat_rows)
  ON CONFLICT (event_id) DO UPDATE SET capacity = EXCLUDED.capacity, seat_rows = EXCLUDED.seat_rows
  RETURNING s.id INTO NEW.section_id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER event_seat_plans_section BEFORE INSERT OR UPDATE OF seat_rows, seat_columns ON event_seat_plans
FOR EACH ROW EXECUTE FUNCTION event_seat_plans_section();

-- Plans saved before the trigger existed get their section now.
UPDATE event_seat_plans SET seat_rows = seat_rows;

-- book_holds checks, under the section's lock that Apply Event takes too, that the section is one
-- the event is sold on and every seat within its capacity.
