// An order's lines in SQL: one per seat (order_seats `s` of order `o`), in pesos. A seat priced
// seat by seat carries its amounts; one that never was (no choices made at checkout, orders from
// before prices per ticket) is a Regular ticket at its order's total divided by its seats, which
// is what booking charged for it: its section's price.
const UNPRICED = 'round(o.total_amount / o.seat_count, 2)';

export const LINE_BASE_PRICE = `coalesce(s.base_price, ${UNPRICED})`;
export const LINE_DISCOUNT = 'coalesce(s.discount, 0)';
export const LINE_PRICE = `coalesce(s.price, ${UNPRICED})`;

/** The lines of order `o` as JSON (LineRow), in seat order. */
export const ORDER_LINES = `(SELECT json_agg(json_build_object('seat', s.seat_number, 'category', s.category, 'id_number', s.id_number,
                                'base_price', ${LINE_BASE_PRICE}::float8, 'discount', ${LINE_DISCOUNT}::float8,
                                'discount_kind', s.discount_kind, 'price', ${LINE_PRICE}::float8) ORDER BY s.seat_number)
    FROM order_seats s WHERE s.order_id = o.id)`;
