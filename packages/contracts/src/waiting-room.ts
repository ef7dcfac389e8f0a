import { z } from 'zod';
import { MAX_WAITING_ROOM_SHOPPERS } from './waiting-room-limits';

/**
 * PUT /api/organizer/events/:id/waiting-room (own events) and PUT /api/admin/events/:id/waiting-room:
 * `on` keeps the line on for the event whatever the load (off = automatic: on by itself when the
 * event's shoppers reach `shoppers`); `shoppers` is how many are admitted at once.
 */
export const waitingRoomSettingsRequestSchema = z
  .object({ on: z.boolean(), shoppers: z.number().int().min(1).max(MAX_WAITING_ROOM_SHOPPERS).optional() })
  .strict();
export type WaitingRoomSettingsRequest = z.infer<typeof waitingRoomSettingsRequestSchema>;
