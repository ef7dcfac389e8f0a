-- Selling on an event's own seat plan (PRODUCT §5, issue 10): an event with a plan is sold on that
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

-- Plans saved before this migration get their section now.
UPDATE event_seat_plans SET seat_rows = seat_rows;

-- book_holds of 0105, with one change: the order is written only for a section the event is sold
-- on and seats within its capacity (the service checks both first, for its messages; this is the
-- guarantee when a plan changes at that very moment).
CREATE OR REPLACE FUNCTION book_holds(
  p_eligible boolean[], p_users integer[], p_events integer[], p_sections integer[],
  p_counts integer[], p_seats integer[], p_now timestamptz[], p_expires timestamptz[], p_cap integer
)
RETURNS TABLE (idx integer, order_id integer, total_amount double precision, taken integer[], may_take integer)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_lock record;
  v_from integer := 1;
  v_seats integer[];
  v_have integer;
  v_order integer;
  v_total numeric;
  v_got integer[];
  v_freed integer;
BEGIN
  FOR v_lock IN
    SELECT DISTINCT k.k1, k.k2 FROM (
      SELECT -r.u AS k1, r.e AS k2 FROM unnest(p_eligible, p_users, p_events) AS r(ok, u, e) WHERE r.ok
      UNION ALL
      SELECT r.e, r.s FROM unnest(p_eligible, p_events, p_sections) AS r(ok, e, s) WHERE r.ok
    ) k
    ORDER BY k.k1, k.k2
  LOOP
    PERFORM pg_advisory_xact_lock(v_lock.k1, v_lock.k2);
  END LOOP;

  FOR i IN 1 .. cardinality(p_users) LOOP
    v_seats := p_seats[v_from : v_from + p_counts[i] - 1];
    v_from := v_from + p_counts[i];
    CONTINUE WHEN NOT p_eligible[i];
    idx := i;
    order_id := NULL;
    total_amount := NULL;
    taken := NULL;
    may_take := NULL;

    -- The cap: this account's live holds, payments and tickets of the event.
    SELECT coalesce(sum(o.seat_count), 0)::integer INTO v_have
    FROM orders o
    WHERE o.user_id = p_users[i] AND o.event_id = p_events[i] AND o.status IN ('held', 'paid')
      AND (o.status = 'paid' OR o.expires_at > p_now[i] OR o.pending_attempt_id IS NOT NULL);
    IF v_have + p_counts[i] > p_cap THEN
      may_take := greatest(p_cap - v_have, 0);
      RETURN NEXT;
      CONTINUE;
    END IF;

    FOR v_try IN 1 .. 2 LOOP
      BEGIN
        v_order := NULL;
        INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
        SELECT p_users[i], e.id, p_sections[i], 'held', p_counts[i], e.price * p_counts[i], p_now[i], p_expires[i]
        FROM events e JOIN sections sec ON sec.id = p_sections[i]
        WHERE e.id = p_events[i] AND e.status = 'Approved' AND e.starts_at > p_now[i]
          -- The event's own plan section when it has one, the arena's otherwise, with every seat
          -- inside it: read under the section's lock, which Apply Event takes too (0205).
          AND sec.event_id IS NOT DISTINCT FROM (SELECT ps.event_id FROM sections ps WHERE ps.event_id = e.id)
          AND v_seats[cardinality(v_seats)] <= sec.capacity
        RETURNING orders.id, orders.total_amount INTO v_order, v_total;
        -- Not selling any more: nothing was written; all NULL.
        EXIT WHEN v_order IS NULL;

        -- No conflict target: the live-seat index is the only unique index a new seat row can hit
        -- (duplicate seats are refused before), and the test suite's control runs this very
        -- function with that index dropped to watch seats sell twice.
        WITH ins AS (
          INSERT INTO order_seats (order_id, event_id, section_id, seat_number)
          SELECT v_order, p_events[i], p_sections[i], s.seat FROM unnest(v_seats) AS s(seat)
          ORDER BY s.seat
          ON CONFLICT DO NOTHING
          RETURNING order_seats.seat_number
        )
        SELECT coalesce(array_agg(ins.seat_number ORDER BY ins.seat_number), '{}') INTO v_got FROM ins;

        IF cardinality(v_got) < p_counts[i] THEN
          -- Exactly the seats a committed live hold or ticket (or an earlier request of this
          -- batch) owns: computed from this INSERT's own RETURNING, no second read.
          taken := ARRAY(SELECT s.seat FROM unnest(v_seats) AS s(seat) WHERE s.seat <> ALL (v_got) ORDER BY s.seat);
          RAISE EXCEPTION 'seats taken' USING ERRCODE = 'BK409';
        END IF;
        order_id := v_order;
        total_amount := v_total::double precision;
        taken := '{}';
        EXIT;
      EXCEPTION WHEN SQLSTATE 'BK409' THEN
        -- The order and the seats it did get are undone; plain variables keep `taken`.
        NULL;
      END;

      EXIT WHEN v_try = 2;
      -- Holds whose time is up but that no sweep has expired yet may own some of those seats:
      -- expire them (orders being paid never are), then try once more. Orders are locked in id
      -- order, like the sweep's.
      WITH due AS (
        SELECT o.id FROM order_seats s JOIN orders o ON o.id = s.order_id
        WHERE s.event_id = p_events[i] AND s.section_id = p_sections[i] AND s.seat_number = ANY (taken) AND s.live
          AND o.status = 'held' AND o.expires_at <= p_now[i] AND o.pending_attempt_id IS NULL
        ORDER BY o.id
        FOR UPDATE OF o
      ), expired AS (
        UPDATE orders o SET status = 'expired' FROM due
        WHERE o.id = due.id AND o.status = 'held' AND o.pending_attempt_id IS NULL
        RETURNING o.id
      ), freed AS (
        UPDATE order_seats s SET live = false FROM expired WHERE s.order_id = expired.id AND s.live RETURNING 1
      )
      SELECT count(*)::integer INTO v_freed FROM expired;
      EXIT WHEN v_freed = 0;
    END LOOP;
    RETURN NEXT;
  END LOOP;
END;
$$;
