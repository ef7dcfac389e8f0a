-- Revenue an organizer can read (PRODUCT §11), fast at a million tickets and exact: totals kept
-- per (event, section, category) and per (event, Manila day), and a queue of the sales and
-- refunds not folded into them yet. The dashboard reads totals plus the queue's tail in one
-- statement, so a figure never misses a sale or counts one twice, whenever the fold runs.
--
-- The queue is written by triggers: one row when an order is sold (paid_at set) and one when its
-- refund is requested (a refunds row). Appending a row takes no lock another payment waits for;
-- the periodic sweep (orders/revenue.ts foldRevenueQueue) moves rows from the queue into the
-- totals in one transaction, taking them with SKIP LOCKED so several processes share the work.
-- A sold order's line amounts (order_seats) never change after it is paid, so what is folded
-- stays true; section labels and event owners are joined when read.
--   refund  false: the order's sale (its day: paid_at); true: its refund (its day: the refund's created_at)
CREATE TABLE revenue_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL,
  refund boolean NOT NULL
);

-- Sold tickets by event, section and ticket category: how many, their base prices, their
-- discounts by kind, and of them the refunded tickets and what was paid back for them. Amounts
-- are whole centavos (bigint: exact, and summed far faster than numeric when the dashboard reads).
CREATE TABLE revenue_by_line (
  event_id integer NOT NULL,
  section_id integer NOT NULL,
  category text NOT NULL,
  tickets integer NOT NULL DEFAULT 0,
  gross bigint NOT NULL DEFAULT 0,
  law_discount bigint NOT NULL DEFAULT 0,
  category_discount bigint NOT NULL DEFAULT 0,
  code_discount bigint NOT NULL DEFAULT 0,
  refunded_tickets integer NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, section_id, category)
);

-- Per event and Manila day: tickets sold and what was paid for them that day (after discounts),
-- and what was refunded that day. Centavos.
CREATE TABLE revenue_by_day (
  event_id integer NOT NULL,
  day date NOT NULL,
  tickets integer NOT NULL DEFAULT 0,
  sales bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, day)
);

CREATE FUNCTION revenue_queue_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_queue (order_id, refund) VALUES (NEW.id, false);
  RETURN NULL;
END
$$;

CREATE FUNCTION revenue_queue_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_queue (order_id, refund) VALUES (NEW.order_id, true);
  RETURN NULL;
END
$$;

CREATE TRIGGER revenue_sold_on_insert AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.paid_at IS NOT NULL) EXECUTE FUNCTION revenue_queue_sale();
CREATE TRIGGER revenue_sold_on_update AFTER UPDATE OF paid_at ON orders
  FOR EACH ROW WHEN (OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL) EXECUTE FUNCTION revenue_queue_sale();
CREATE TRIGGER revenue_refunded AFTER INSERT ON refunds
  FOR EACH ROW EXECUTE FUNCTION revenue_queue_refund();

-- What was sold and refunded before: queued, the first sweep folds it.
INSERT INTO revenue_queue (order_id, refund)
SELECT id, false FROM orders WHERE paid_at IS NOT NULL ORDER BY id;
INSERT INTO revenue_queue (order_id, refund)
SELECT order_id, true FROM refunds ORDER BY id;
