-- When the buyer gave a hold back (Release seats) before its time was up. A hold that ran out
-- (the sweep, or a booking that expires it) keeps null, so My Tickets tells Released from Expired.
ALTER TABLE orders ADD COLUMN released_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_released_expired CHECK (released_at IS NULL OR status = 'expired');
