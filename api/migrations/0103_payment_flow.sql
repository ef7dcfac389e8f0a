-- Payment the way a real provider works (issue 9): no database lock is held while the provider
-- is asked. POST /api/orders/:id/pay now
--   1. in one short transaction locks the order row (before writing anything that references it),
--      records the attempt ('pending') and marks the order as being paid (orders.pending_attempt_id);
--   2. asks the provider, holding nothing;
--   3. in a second short transaction settles the attempt: 'paid' (the order becomes a ticket) or
--      'refused' (the order is a plain hold again), storing the answer that every retry with the
--      same Idempotency-Key gets back.
-- A settlement is idempotent (the provider's confirmation may arrive twice, or from a retry and a
-- sweep at once): only a pending attempt is settled.
--
-- An order with a pending attempt keeps status 'held' for everyone who reads orders, and its seats
-- stay live even past expires_at: neither the sweep nor a booking expires it; the provider's answer
-- settles it. So a hold that runs out while its payment is pending is never sold twice.

ALTER TABLE payment_attempts
  ADD COLUMN state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'refused')),
  ADD COLUMN payment_method text CHECK (payment_method IN ('gcash', 'paymaya', 'bdo', 'visa')),
  -- Pesos, the order's total when the attempt started.
  ADD COLUMN amount numeric(12, 2) CHECK (amount >= 0),
  ADD COLUMN provider text CHECK (length(provider) BETWEEN 1 AND 50),
  ADD COLUMN provider_reference text CHECK (length(provider_reference) BETWEEN 1 AND 200),
  ADD COLUMN settled_at timestamptz;

-- Before this migration an attempt row existed only together with its stored (successful) answer.
UPDATE payment_attempts a
SET state = 'paid', payment_method = o.payment_method, amount = o.total_amount, provider = 'record-only',
    provider_reference = o.payment_reference, settled_at = o.paid_at
FROM orders o
WHERE o.id = a.order_id AND a.status_code IS NOT NULL;

ALTER TABLE payment_attempts
  -- A pending attempt has no answer yet; a settled one has the answer every retry gets.
  ADD CHECK ((state = 'pending') = (status_code IS NULL)),
  ADD CHECK (state <> 'pending' OR (payment_method IS NOT NULL AND amount IS NOT NULL AND provider IS NOT NULL));

-- The periodic reconciliation asks the provider about attempts pending for too long.
CREATE INDEX payment_attempts_pending_idx ON payment_attempts (created_at) WHERE state = 'pending';

ALTER TABLE orders
  ADD COLUMN pending_attempt_id bigint REFERENCES payment_attempts (id),
  ADD CHECK (pending_attempt_id IS NULL OR status = 'held');

-- The per-account cap (MAX_SEATS_PER_ACCOUNT): an account's live holds and tickets of one event.
CREATE INDEX orders_user_event_idx ON orders (user_id, event_id) INCLUDE (seat_count, expires_at) WHERE status IN ('held', 'paid');
