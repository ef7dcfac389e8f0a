-- The dashboards count tickets sold as the seats of paid orders (docs/dashboards.md): the two
-- paid-order indexes carry seat_count, so those sums stay index-only scans as the counts were.
DROP INDEX orders_paid_at_idx;
CREATE INDEX orders_paid_at_idx ON orders (paid_at) INCLUDE (seat_count) WHERE status = 'paid';
DROP INDEX orders_paid_event_idx;
CREATE INDEX orders_paid_event_idx ON orders (event_id, id) INCLUDE (seat_count) WHERE status = 'paid';
