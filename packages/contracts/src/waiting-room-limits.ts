// The waiting room's states, limits and messages: no validator, so the apps import them without bundling one.

/**
 * Where the caller stands in an event's waiting room (GET / POST / DELETE /api/events/:id/line):
 * - `open`: the event has no line now; the seat map and holds are open to everyone;
 * - `out`: the event has a line and the caller is not in it (signed out, or never joined, or left), or
 *   their pass is over (left, ended or used for a purchase): keeping a place joins again, at the end;
 * - `waiting`: in line, `position` people from the front (1 = next);
 * - `admitted`: holds a pass for this event until `passExpiresAt`: the seat map and holds are open;
 * - `soldout`: the event has a line and every seat is sold (none free, none held): nobody is admitted,
 *   and a place already taken is kept in case seats come back (a cancelled or refunded order).
 */
export const LINE_STATES = ['open', 'out', 'waiting', 'admitted', 'soldout'] as const;
export type LineState = (typeof LINE_STATES)[number];

/** Shoppers admitted at once when an event does not say. */
export const DEFAULT_WAITING_ROOM_SHOPPERS = 300;
export const MAX_WAITING_ROOM_SHOPPERS = 100_000;

/** book-seats.php's 403 when the event has a line and the caller holds no pass for it. */
export const LINE_PASS_REQUIRED = 'This sale has a waiting room: join the line on the seat map, and pick your seats when it is your turn.';
export const BAD_WAITING_ROOM_SETTINGS = 'on must be true or false, and shoppers a whole number from 1 to 100000';
