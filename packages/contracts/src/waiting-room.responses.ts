import * as z from 'zod/mini';
import { LINE_STATES } from './waiting-room-limits';

/** The caller's place in an event's line (LINE_STATES says what each state means). */
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
