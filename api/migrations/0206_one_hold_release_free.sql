-- Issue 12, the buyer's path (after 0205, whose plan sections book_holds checks too).
--
-- 1. One hold under the buyer's control. book-seats may name the buyer's live hold of the event
--    (`order_id`): the request then changes that hold instead of making another one, all or
--    nothing through the same guarantee as every booking: under the account's and the sections'
--    advisory locks (taken first, in book_holds' one global order, now including the section the
--    hold leaves), its old seats are deleted, the order takes the new section, seats, total and a
--    fresh expiry, and the new seats are inserted against the live-seat unique index in the
--    request's subtransaction. A seat taken by someone else rolls the subtransaction back, so the
--    hold keeps its old seats. The order keeps its id: the buyer has one hold, not one per try.
--    The per-account cap (MAX_SEATS_PER_ACCOUNT) counts the changed hold once, with its new seats.
--    A hold being paid (pending_attempt_id set), expired, released or paid is never changed: the
--    request makes a new hold, as a request naming no hold always does (the documented call, the
--    storms and the benchmarks keep the landed behaviour).
--    Releasing a hold (POST /api/orders/:id/release) expires it like the sweep does, one order:
--    the order row first, then its seats (booking.repository.ts).
--
-- 2. Free events. A paid order of a free event (total 0) may record no payment method (the API
--    records none: none was used). A paid order with a total above 0 still must have one, so no
--    order can pass for free. Likewise an attempt to pay a free order may carry no method.
--    (Tickets of free events sold before this migration, and the demo seed's, keep theirs; the
--    API shows every ticket with a total of 0 as Free.)

-- The unnamed CHECKs of 0101 (orders) and 0103 (payment_attempts) that demand a method, found by
-- their text (their generated names differ between databases).
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conrelid IN ('orders'::regclass, 'payment_attempts'::regclass) AND contype = 'c'
      AND pg_get_constraintdef(oid) LIKE '%payment_method IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.conname);
  END LOOP;
END;
$$;

ALTER TABLE orders ADD CONSTRAINT orders_paid_complete CHECK (
  (status = 'paid' AND payment_type IS NOT NULL AND paid_at IS NOT NULL AND ticket_id IS NOT NULL
    AND (payment_method IS NOT NULL OR total_amount = 0))
  OR (status <> 'paid' AND payment_method IS NULL AND payment_type IS NULL AND paid_at IS NULL AND ticket_id IS NULL)
);

ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_pending_complete CHECK (
  state <> 'pending' OR (amount IS NOT NULL AND provider IS NOT NULL AND (payment_method IS NOT NULL OR amount = 0))
);

-- book_holds of migration 0105 with one more argument, p_replace: per request the id of the hold
-- it changes, 0 for none; and the order is written only for a section the event is sold on (its
-- own plan's when it has one, 0205) with every seat within the section's capacity. The service
-- checks both first, for its messages; read after the section's lock, which Apply Event takes
-- too, this is the guarantee when a plan changes at that very moment. Everything else is as 0105
-- describes it.
DROP FUNCTION book_holds(boolean[], integer[], integer[], integer[], integer[], integer[], timestamptz[], timestamptz[], integer);

CREATE FUNCTION book_holds(
  p_eligible boolean[], p_users integer[], p_events integer[], p_sections integer[],
  p_counts integer[], p_seats integer[], p_now timestamptz[], p_expires timestamptz[], p_cap integer,
  p_replace integer[]
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
  v_old integer;
  v_old_section integer;
  v_old_count integer;
  v_closed boolean;
BEGIN
  FOR v_lock IN
    SELECT DISTINCT k.k1, k.k2 FROM (
      SELECT -r.u AS k1, r.e AS k2 FROM unnest(p_eligible, p_users, p_events) AS r(ok, u, e) WHERE r.ok
      UNION ALL
      SELECT r.e, r.s FROM unnest(p_eligible, p_events, p_sections) AS r(ok, e, s) WHERE r.ok
      UNION ALL
      -- The section a hold being changed leaves: its seats are freed under that section's lock too.
      SELECT o.event_id, o.section_id FROM unnest(p_eligible, p_users, p_events, p_replace) AS r(ok, u, e, h)
      JOIN orders o ON o.id = r.h AND o.user_id = r.u AND o.event_id = r.e
      WHERE r.ok AND r.h <> 0 AND o.status = 'held'
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
    v_closed := false;

    -- The hold this request changes (p_replace[i], 0 for none): the account's own live hold of the
    -- event, not being paid. Anything else (expired, released, paid, someone else's) is not
    -- changed, and the request makes a new hold as before.
    v_old := NULL;
    v_old_count := 0;
    IF p_replace[i] <> 0 THEN
      SELECT o.id, o.section_id, o.seat_count INTO v_old, v_old_section, v_old_count
      FROM orders o
      WHERE o.id = p_replace[i] AND o.user_id = p_users[i] AND o.event_id = p_events[i]
        AND o.status = 'held' AND o.expires_at > p_now[i] AND o.pending_attempt_id IS NULL
      FOR UPDATE;
      IF v_old IS NULL THEN
        v_old_count := 0;
      ELSE
        -- Already held unless the hold moved section since the lock set was read (a no-op then);
        -- out of order otherwise, which PostgreSQL would report as a deadlock and the caller retries.
        PERFORM pg_advisory_xact_lock(p_events[i], v_old_section);
      END IF;
    END IF;

    -- The cap: this account's live holds, payments and tickets of the event.
    SELECT coalesce(sum(o.seat_count), 0)::integer INTO v_have
    FROM orders o
    WHERE o.user_id = p_users[i] AND o.event_id = p_events[i] AND o.status IN ('held', 'paid')
      AND (o.status = 'paid' OR o.expires_at > p_now[i] OR o.pending_attempt_id IS NOT NULL);
    -- The hold being changed gives its seats back first.
    v_have := v_have - v_old_count;
    IF v_have + p_counts[i] > p_cap THEN
      may_take := greatest(p_cap - v_have, 0);
      RETURN NEXT;
      CONTINUE;
    END IF;

    FOR v_try IN 1 .. 2 LOOP
      BEGIN
        v_order := NULL;
        IF v_old IS NULL THEN
          INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
          SELECT p_users[i], e.id, p_sections[i], 'held', p_counts[i], e.price * p_counts[i], p_now[i], p_expires[i]
          FROM events e JOIN sections sec ON sec.id = p_sections[i]
          WHERE e.id = p_events[i] AND e.status = 'Approved' AND e.starts_at > p_now[i]
            AND sec.event_id IS NOT DISTINCT FROM (SELECT ps.event_id FROM sections ps WHERE ps.event_id = e.id)
            AND v_seats[cardinality(v_seats)] <= sec.capacity
          RETURNING orders.id, orders.total_amount INTO v_order, v_total;
          -- Not selling any more: nothing was written; all NULL.
          EXIT WHEN v_order IS NULL;
        ELSE
          -- Changing the hold: its seats go, the order takes the new section, seats, total and a
          -- fresh expiry, and the new seats go in below against the same live-seat index. All of
          -- it is undone with this subtransaction when a seat is taken: the hold stays as it was.
          DELETE FROM order_seats s WHERE s.order_id = v_old;
          UPDATE orders o SET section_id = p_sections[i], seat_count = p_counts[i], total_amount = e.price * p_counts[i], expires_at = p_expires[i]
          FROM events e JOIN sections sec ON sec.id = p_sections[i]
          WHERE o.id = v_old AND e.id = p_events[i] AND e.status = 'Approved' AND e.starts_at > p_now[i]
            AND sec.event_id IS NOT DISTINCT FROM (SELECT ps.event_id FROM sections ps WHERE ps.event_id = e.id)
            AND v_seats[cardinality(v_seats)] <= sec.capacity
          RETURNING o.id, o.total_amount INTO v_order, v_total;
          IF v_order IS NULL THEN
            RAISE EXCEPTION 'not selling' USING ERRCODE = 'BK410';
          END IF;
        END IF;

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
      EXCEPTION
        WHEN SQLSTATE 'BK409' THEN
          -- The order and the seats it did get are undone; plain variables keep `taken`.
          NULL;
        WHEN SQLSTATE 'BK410' THEN
          -- Not selling any more: the hold being changed is left as it was; all NULL.
          v_closed := true;
      END;
      EXIT WHEN v_closed;

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

