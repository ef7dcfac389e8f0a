-- Prices that fit a sports complex (PRODUCT §11): a price per section, ticket categories with the
-- discount Philippine law grants, promo codes, and a priced line per ticket.
--
-- A price per section of the venue. An event without a row for a section sells it at events.price
-- (one price for all, as before); an event with its own seat plan sells its one section at
-- events.price.
CREATE TABLE event_section_prices (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  section_id integer NOT NULL REFERENCES sections (id) ON DELETE CASCADE,
  price numeric(10, 2) NOT NULL CHECK (price BETWEEN 0 AND 100000),
  PRIMARY KEY (event_id, section_id)
);

-- The categories an event offers besides Regular. Senior Citizen and PWD are discounted by law
-- (Republic Acts 9994 and 10754): their percentage is the API's configuration (LAW_DISCOUNT_PERCENT),
-- stored on each line when it is priced, so it is not kept here. Student and Child carry the
-- organizer's own percentage (0 is a label only).
CREATE TABLE event_ticket_categories (
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('student', 'child', 'senior', 'pwd')),
  discount_percent numeric(5, 2) CHECK (discount_percent BETWEEN 0 AND 100),
  PRIMARY KEY (event_id, category),
  CHECK ((category IN ('senior', 'pwd')) = (discount_percent IS NULL))
);

-- Promo codes of an event. A use is one order that carries the code while it is live (a hold not
-- run out, a hold being paid, a ticket): a hold keeps its use until it expires or is released, so
-- uses are counted, never stored, and redeeming locks the code's row (orders/pricing.repository.ts).
--   code         upper case, matched without regard to case
--   kind, value  'percent' off each eligible ticket (value 0.01..100) or 'amount' pesos off each
--   section_ids  the sections it applies to; NULL: all
--   categories   the ticket categories it applies to; NULL: all
--   max_uses     orders in all; NULL: no limit
--   per_account  orders per account; NULL: no limit
--   valid_from, valid_until   its window; NULL: open on that side
CREATE TABLE promo_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,29}$'),
  kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
  value numeric(10, 2) NOT NULL CHECK (value > 0 AND value <= 100000),
  section_ids integer[] CHECK (cardinality(section_ids) > 0),
  categories text[] CHECK (cardinality(categories) > 0
    AND categories <@ ARRAY['regular', 'student', 'child', 'senior', 'pwd']),
  max_uses integer CHECK (max_uses BETWEEN 1 AND 1000000),
  per_account integer CHECK (per_account BETWEEN 1 AND 1000),
  valid_from timestamptz,
  valid_until timestamptz,
  created_at timestamptz NOT NULL,
  created_by integer NOT NULL REFERENCES users (id),
  CHECK (kind <> 'percent' OR value <= 100),
  CHECK (valid_until > valid_from),
  UNIQUE (event_id, code)
);

ALTER TABLE orders ADD COLUMN promo_code_id integer REFERENCES promo_codes (id);
CREATE INDEX orders_promo_code_idx ON orders (promo_code_id, user_id) WHERE promo_code_id IS NOT NULL;

-- A line per ticket, on the order's seat rows. A seat whose amounts are NULL has not been priced
-- seat by seat: it is a Regular ticket at its order's total divided by its seats (what booking
-- charged: the section's price). Amounts are pesos; one discount per ticket, the larger of its
-- category's (law or the organizer's) and its promo code's (orders/pricing.ts).
--   id_number  the OSCA ID or PWD ID of a Senior Citizen or PWD ticket: one discounted ticket per
--              ID number per event, among live seats (the unique index below)
ALTER TABLE order_seats
  ADD COLUMN category text NOT NULL DEFAULT 'regular' CHECK (category IN ('regular', 'student', 'child', 'senior', 'pwd')),
  ADD COLUMN id_number text CHECK (id_number ~ '^[0-9A-Z-]{4,30}$'),
  ADD COLUMN base_price numeric(10, 2) CHECK (base_price >= 0),
  ADD COLUMN discount numeric(10, 2) CHECK (discount >= 0),
  ADD COLUMN discount_kind text CHECK (discount_kind IN ('law', 'category', 'code')),
  ADD COLUMN price numeric(10, 2),
  ADD CONSTRAINT order_seats_line_complete CHECK (
    num_nulls(base_price, discount, price) IN (0, 3)
    AND price = base_price - discount
    AND (discount_kind IS NULL) = (coalesce(discount, 0) = 0)
  ),
  ADD CONSTRAINT order_seats_id_number_fits CHECK ((category IN ('senior', 'pwd')) = (id_number IS NOT NULL));
CREATE UNIQUE INDEX order_seats_id_number_key ON order_seats (event_id, category, id_number) WHERE live AND id_number IS NOT NULL;
