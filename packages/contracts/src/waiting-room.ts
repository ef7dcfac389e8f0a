import { z as zod } from 'zod';
import * as z from 'zod/mini';

/**
 * Where the caller stands in an event's waiting room (GET / POST / DELETE /api/events/:id/line):
 * - `open`: the event has no line now; the seat map and holds are open to everyone;
 * - `out`: the event has a line and the caller is not in it (signed out, or never joined, or left);
 * - `waiting`: in line, `position` people from the front (1 = next);
 * - `admitted`: holds a pass for this event until `passExpiresAt`: the seat map and holds are open.
 */
export const LINE_STATES = ['open', 'out', 'waiting', 'admitted'] as const;
export type LineState = (typeof LINE_STATES)[number];

export const lineStatusSchema = z.object({
  state: z.enum(LINE_STATES),
  /** While waiting: 1 = next. */
  position: z.optional(z.int().check(z.positive())),
  /** While waiting: seconds until the caller's turn at the pace of recent admissions; null before a pace is known. */
  estimatedWaitSeconds: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  /** While admitted: the ISO instant the pass ends (a hold made before then lasts its own time). */
  passExpiresAt: z.optional(z.string()),
  /** When the page should ask again, in seconds (further back in line, less often). */
  refreshSeconds: z.int().check(z.positive()),
});
export type LineStatus = z.infer<typeof lineStatusSchema>;

export const lineResponseSchema = z.object({ success: z.literal(true), line: lineStatusSchema });
export type LineResponse = z.infer<typeof lineResponseSchema>;

/** Shoppers admitted at once when an event does not say. */
export const DEFAULT_WAITING_ROOM_SHOPPERS = 300;
export const MAX_WAITING_ROOM_SHOPPERS = 100_000;

/**
 * PUT /api/organizer/events/:id/waiting-room (own events) and PUT /api/admin/events/:id/waiting-room:
 * `on` keeps the line on for the event whatever the load (off = automatic: on by itself when the
 * event's shoppers reach `shoppers`); `shoppers` is how many are admitted at once.
 */
export const waitingRoomSettingsRequestSchema = zod
  .object({ on: zod.boolean(), shoppers: zod.number().int().min(1).max(MAX_WAITING_ROOM_SHOPPERS).optional() })
  .strict();
export type WaitingRoomSettingsRequest = z.infer<typeof waitingRoomSettingsRequestSchema>;

export const waitingRoomSettingsSchema = z.object({
  /** Switched on by an organizer or admin. */
  on: z.boolean(),
  /** The line is on now (switched on, or on by itself under load, or people still waiting). */
  active: z.boolean(),
  shoppers: z.int(),
  /** People in line now. */
  waiting: z.int(),
});
export type WaitingRoomSettings = z.infer<typeof waitingRoomSettingsSchema>;

export const waitingRoomSettingsResponseSchema = z.object({ success: z.literal(true), waitingRoom: waitingRoomSettingsSchema });

/** book-seats.php's 403 when the event has a line and the caller holds no pass for it. */
export const LINE_PASS_REQUIRED = 'This sale has a waiting room: join the line on the seat map, and pick your seats when it is your turn.';
export const BAD_WAITING_ROOM_SETTINGS = 'on must be true or false, and shoppers a whole number from 1 to 100000';
