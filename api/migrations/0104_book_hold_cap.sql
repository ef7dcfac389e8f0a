-- book_hold (migration 0102) with two changes of issue 9:
--
--   * A cap per account (MAX_SEATS_PER_ACCOUNT, passed as p_cap): the account's live holds,
--     pending payments and tickets of the event, plus the seats asked for, may not exceed it, so one
--     account cannot hold a section by repeating calls. Two bookings of one account for one event
--     take turns on a transaction advisory lock, so both cannot pass the count at once. Booking
--     owns the two-int4 advisory lock space: (-user id, event id) is an account's seats of an event.
--     Over the cap: no hold, and `may_take` says how many seats the account may still take.
--   * Orders being paid (pending_attempt_id set) are never expired here: the provider's answer
--     settles them (migration 0103).
--
-- Returns one row: (order_id, total_amount, taken, may_take). All NULL: the event is not bookable
-- (missing, not approved, or started at p_now).
DROP FUNCTION book_hold(integer, integer, integer, integer[], timestamptz, timestamptz);

CREATE FUNCTION book_hold(p_user integer, p_event integer, p_section integer, p_seats integer[], p_now timestamptz, p_expires timestamptz, p_cap integer)
RETURNS TABLE (order_id integer, total_amount double precision, taken integer[], may_take integer)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_order integer;
  v_total numeric;
  v_got integer[];
  v_have integer;
BEGIN
  PERFORM pg_advisory_xact_lock(-p_user, p_event);
  SELECT coalesce(sum(o.seat_count), 0)::integer INTO v_have
  FROM orders o
  WHERE o.user_id = p_user AND o.event_id = p_event AND o.status IN ('held', 'paid')
    AND (o.status = 'paid' OR o.expires_at > p_now OR o.pending_attempt_id IS NOT NULL);
  IF v_have + cardinality(p_seats) > p_cap THEN
    RETURN QUERY SELECT NULL::integer, NULL::double precision, NULL::integer[], greatest(p_cap - v_have, 0);
    RETURN;
  END IF;

  WITH due AS (
    SELECT o.id FROM orders o
    WHERE o.event_id = p_event AND o.section_id = p_section AND o.status = 'held' AND o.expires_at <= p_now
      AND o.pending_attempt_id IS NULL
    ORDER BY o.id
    FOR UPDATE
  ), expired AS (
    UPDATE orders o SET status = 'expired' FROM due WHERE o.id = due.id AND o.pending_attempt_id IS NULL RETURNING o.id
  )
  UPDATE order_seats s SET live = false FROM expired WHERE s.order_id = expired.id AND s.live;

  BEGIN
    INSERT INTO orders (user_id, event_id, section_id, status, seat_count, total_amount, created_at, expires_at)
    SELECT p_user, e.id, p_section, 'held', cardinality(p_seats), e.price * cardinality(p_seats), p_now, p_expires
    FROM events e
    WHERE e.id = p_event AND e.status = 'Approved' AND e.starts_at > p_now
    RETURNING orders.id, orders.total_amount INTO v_order, v_total;
    IF v_order IS NULL THEN
      RETURN QUERY SELECT NULL::integer, NULL::double precision, NULL::integer[], NULL::integer;
      RETURN;
    END IF;

    -- No conflict target: the live-seat index is the only unique index a new seat row can hit
    -- (duplicate seats are refused before), and the test suite's control runs this very
    -- function with that index dropped to watch seats sell twice.
    WITH ins AS (
      INSERT INTO order_seats (order_id, event_id, section_id, seat_number)
      SELECT v_order, p_event, p_section, s.seat FROM unnest(p_seats) AS s(seat)
      ORDER BY s.seat
      ON CONFLICT DO NOTHING
      RETURNING seat_number
    )
    SELECT coalesce(array_agg(ins.seat_number ORDER BY ins.seat_number), '{}') INTO v_got FROM ins;

    IF cardinality(v_got) < cardinality(p_seats) THEN
      taken := ARRAY(SELECT s.seat FROM unnest(p_seats) AS s(seat) WHERE s.seat <> ALL (v_got) ORDER BY s.seat);
      RAISE EXCEPTION 'seats taken' USING ERRCODE = 'BK409';
    END IF;
  EXCEPTION WHEN SQLSTATE 'BK409' THEN
    -- Plain variables survive the rollback of the block: `taken` still names the seats.
    RETURN QUERY SELECT NULL::integer, NULL::double precision, taken, NULL::integer;
    RETURN;
  END;

  RETURN QUERY SELECT v_order, v_total::double precision, '{}'::integer[], NULL::integer;
END;
$$;
