-- The requests of a batch as rows, for the statement that checks their sessions and events
-- (booking.repository.ts). A plpgsql loop on purpose: PostgreSQL estimates unnest() of a known
-- array by its length but of a parameter by a default, so the batch statement's generic plan
-- would always look dearer than a custom one and be planned again on every call; a function
-- call's row estimate (ROWS) is the same either way, so the generic plan is kept.
CREATE OR REPLACE FUNCTION booking_requests(p_sessions uuid[], p_users integer[], p_events integer[], p_sections integer[], p_now timestamptz[])
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
