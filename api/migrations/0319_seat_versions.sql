-- A change counter per (event, section) of what the seat grid (get-booked-seats) and availability
-- answer, so that an API process can keep those answers in memory and know when one is stale.
-- Section 0 stands for the event itself: its status, price, plan sections and section prices.
--
-- Triggers note the (event, section) a statement changed in seat_version_pending; at commit, a
-- deferred trigger bumps their counters in one statement, in key order. No NOTIFY here: a
-- transaction that notifies holds a lock on the notification queue until its commit is flushed,
-- so every booking would wait for every other one's flush; the API process that made a change
-- NOTIFYs after its commit instead (booking/live-seats.ts), and every process re-reads the
-- counters of the answers it keeps each second. Bumping at commit rather than at each statement keeps the counter rows locked only from then to the end of the commit,
-- and in one global order: a booking batch that changes several sections one request at a time
-- never holds one counter while waiting for another (no deadlock between two such batches).
--
-- Each (event, section) counts on 16 stripes, one per backend (pid modulo 16): a row lock is held
-- until the commit is flushed, so one row per section would make every booking of a section wait
-- for the previous one's WAL flush. A section's version is the sum of its stripes: snapshots see
-- nested sets of commits, and every change bumps one stripe, so the sum names one state.
CREATE TABLE seat_versions (
  event_id integer NOT NULL,
  section_id integer NOT NULL,
  stripe smallint NOT NULL,
  version bigint NOT NULL,
  PRIMARY KEY (event_id, section_id, stripe)
);

-- Rows live only inside the transaction that wrote them (the commit trigger deletes them). One per
-- (event, section) and transaction: a second note of it is no second row, and no second trigger call.
CREATE UNLOGGED TABLE seat_version_pending (
  txid xid8 NOT NULL,
  event_id integer NOT NULL,
  section_id integer NOT NULL,
  PRIMARY KEY (txid, event_id, section_id)
);

CREATE FUNCTION seat_versions_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The first of the transaction's pending rows to fire does the work; the others find nothing.
  WITH done AS (
    DELETE FROM seat_version_pending WHERE txid = pg_current_xact_id() RETURNING event_id, section_id
  )
  INSERT INTO seat_versions AS v (event_id, section_id, stripe, version)
  SELECT DISTINCT event_id, section_id, (pg_backend_pid() % 16)::smallint, 1 FROM done ORDER BY event_id, section_id
  ON CONFLICT (event_id, section_id, stripe) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER seat_version_pending_commit AFTER INSERT ON seat_version_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION seat_versions_commit();

-- order_seats: any seat row written, freed or removed.
CREATE FUNCTION seat_versions_note_seats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seat_version_pending SELECT DISTINCT pg_current_xact_id(), n.event_id, n.section_id FROM new_rows n
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO seat_version_pending SELECT DISTINCT pg_current_xact_id(), o.event_id, o.section_id FROM old_rows o
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO seat_version_pending
    SELECT DISTINCT pg_current_xact_id(), k.event_id, k.section_id
    FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id AND o.seat_number = n.seat_number
    CROSS JOIN LATERAL (VALUES (n.event_id, n.section_id), (o.event_id, o.section_id)) AS k(event_id, section_id)
    WHERE (n.live, n.event_id, n.section_id) IS DISTINCT FROM (o.live, o.event_id, o.section_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_seats_versions_insert AFTER INSERT ON order_seats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_seats();
CREATE TRIGGER order_seats_versions_update AFTER UPDATE ON order_seats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_seats();
CREATE TRIGGER order_seats_versions_delete AFTER DELETE ON order_seats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_seats();

-- orders: what makes its seats count (status, expiry, a payment in progress) or where they are.
CREATE FUNCTION seat_versions_note_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO seat_version_pending SELECT DISTINCT pg_current_xact_id(), n.event_id, n.section_id FROM new_rows n
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO seat_version_pending SELECT DISTINCT pg_current_xact_id(), o.event_id, o.section_id FROM old_rows o
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO seat_version_pending
    SELECT DISTINCT pg_current_xact_id(), k.event_id, k.section_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.event_id, n.section_id), (o.event_id, o.section_id)) AS k(event_id, section_id)
    WHERE (n.status, n.expires_at, n.pending_attempt_id, n.event_id, n.section_id)
          IS DISTINCT FROM (o.status, o.expires_at, o.pending_attempt_id, o.event_id, o.section_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER orders_versions_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_orders();
CREATE TRIGGER orders_versions_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_orders();
CREATE TRIGGER orders_versions_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_versions_note_orders();

-- The event itself (section 0): approved or not, its one price; its plan's sections and their prices.
CREATE FUNCTION seat_versions_note_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    INSERT INTO seat_version_pending VALUES (pg_current_xact_id(), OLD.id, 0) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.event_id IS NOT NULL THEN INSERT INTO seat_version_pending VALUES (pg_current_xact_id(), OLD.event_id, 0) ON CONFLICT DO NOTHING; END IF;
  ELSE
    IF NEW.event_id IS NOT NULL THEN INSERT INTO seat_version_pending VALUES (pg_current_xact_id(), NEW.event_id, 0) ON CONFLICT DO NOTHING; END IF;
    IF TG_OP = 'UPDATE' AND OLD.event_id IS NOT NULL AND OLD.event_id IS DISTINCT FROM NEW.event_id THEN
      INSERT INTO seat_version_pending VALUES (pg_current_xact_id(), OLD.event_id, 0) ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER events_versions AFTER UPDATE OF status, price ON events
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.price IS DISTINCT FROM NEW.price)
  EXECUTE FUNCTION seat_versions_note_event();
CREATE TRIGGER events_versions_delete AFTER DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION seat_versions_note_event();
CREATE TRIGGER sections_versions AFTER INSERT OR UPDATE OR DELETE ON sections
  FOR EACH ROW EXECUTE FUNCTION seat_versions_note_event();
CREATE TRIGGER event_section_prices_versions AFTER INSERT OR UPDATE OR DELETE ON event_section_prices
  FOR EACH ROW EXECUTE FUNCTION seat_versions_note_event();
