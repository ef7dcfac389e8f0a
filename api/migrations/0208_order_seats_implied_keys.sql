-- Issue 13: a seat row's event and section are checked once, through its order.
--
-- order_seats referenced events and sections directly and also (order_id, event_id, section_id)
-- -> orders (id, event_id, section_id), whose event_id and section_id reference events and
-- sections. The direct keys are implied by the composite one and cost, for every seat booked, two
-- more foreign-key checks, each taking a KEY SHARE lock on the event's and the section's row: the
-- very rows every concurrent booking of that event locks too, so each check also grew the shared
-- lockers' multixact. The composite key stays; so does every check of the order itself.
--
-- The composite key is checked at commit (DEFERRABLE INITIALLY DEFERRED): book_holds (0207)
-- inserts a new hold's seats before its order, so a refused request writes no order.
ALTER TABLE order_seats
  DROP CONSTRAINT order_seats_event_id_fkey,
  DROP CONSTRAINT order_seats_section_id_fkey;

ALTER TABLE order_seats ALTER CONSTRAINT order_seats_order_id_event_id_section_id_fkey DEFERRABLE INITIALLY DEFERRED;
