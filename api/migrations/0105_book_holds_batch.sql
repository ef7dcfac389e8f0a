-- Booking faster than PostgreSQL does it one at a time (issue 13): book_holds books a batch of
-- requests in one statement, each all-or-nothing in a subtransaction of its own, with its own
-- answer and its own exact list of taken seats. An API process sends the book calls that arrive
-- while its previous batch is in flight as the next batch (a lone call goes alone, at once).
--
-- Locks. All the advisory locks a batch needs are taken first, in one global order (booking owns
-- the two-int4 advisory lock space): (-account, event) for the per-account cap, then
-- (event, section) for the seats. Seat rows of one section are only ever inserted under that
-- section's lock, so two batches (or a batch and a single call, which is a batch of one) never
-- wait for each other's uncommitted seats in different orders: they cannot deadlock. Row locks
-- taken afterwards (due holds being expired) belong to orders that payments lock briefly and
-- the sweep skips, so no wait closes a cycle either.
--
-- Expiry only where it is in the way. book_hold (0102, 0104) expired the section's due holds on
-- every call; PostgreSQL re-planned that statement each time (its generic plan is estimated far
-- above the custom one): 0.21 ms of planning for 0.03 ms of work. Now a due hold is expired only
-- when its seat stops an insert: the refused request frees those holds (outside its own
-- subtransaction, so that stays done) and tries once more. Every statement of the common path is
-- planned once per connection and kept (see api/test/booking-plans.test.ts).
--
-- Arguments are parallel arrays, one element per request; p_seats holds every request's seats
-- one after the other (p_counts[i] of them for request i, distinct, ascending). Requests with
-- p_eligible[i] false (no live session, or an event not selling) are skipped. Returns one row per
-- eligible request: idx (1-based), then as book_hold did: (order_id, total_amount, '{}') for a
-- hold; (NULL, NULL, taken) for taken seats; may_take for a refusal by the cap; all NULL when
-- the event stopped selling.

CREATE FUNCTION book_holds(
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
        FROM events e
        WHERE e.id = p_events[i] AND e.status = 'Approved' AND e.starts_at > p_now[i]
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

-- The requests of a batch as rows, for the statement that checks their sessions and events
-- (booking.repository.ts). A plpgsql loop on purpose: PostgreSQL estimates unnest() of a known
-- array by its length but of a parameter by a default, so the batch statement's generic plan
-- would always look dearer than a custom one and be planned again on every call; a function
-- call's row estimate (ROWS) is the same either way, so the generic plan is kept.
CREATE FUNCTION booking_requests(p_sessions uuid[], p_users integer[], p_events integer[], p_sections integer[], p_now timestamptz[])
RETURNS TABLE (idx integer, session_id uuid, user_id integer, event_id integer, section_id integer, now timestamptz)
LANGUAGE plpgsql IMMUTABLE ROWS 16
AS $$
BEGIN
  FOR i IN 1 .. cardinality(p_users) LOOP
    idx := i;
    session_id := p_sessions[i];
    user_id := p_users[i];
    event_id := p_events[i];
    section_id := p_sections[i];
    now := p_now[i];
    RETURN NEXT;
  END LOOP;
END;
$$;

-- Every caller books through book_holds now.
DROP FUNCTION book_hold(integer, integer, integer, integer[], timestamptz, timestamptz, integer);
