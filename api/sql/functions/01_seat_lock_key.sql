-- The advisory lock key of one seat, for book_holds' exclusive seat locks (taken as the pair
-- (event, seat key)): section * 32768 + seat folded into a negative int4. Section keys of the
-- shared (event, section) locks are positive, so the two never meet; two seats that fold to one
-- key only share a lock, they never break the lock order.
CREATE OR REPLACE FUNCTION seat_lock_key(p_section integer, p_seat integer)
RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (-1 - ((p_section::bigint * 32768 + p_seat) % 2147483647))::integer $$;
