// @sports/api-client/waiting-room: the line of a hot sale (the caller's place, their pass) and its settings.
import { LINE_PASS_REQUIRED, lineResponseSchema, waitingRoomSettingsResponseSchema } from '@sports/contracts';
import type { LineStatus, WaitingRoomSettings, WaitingRoomSettingsRequest } from '@sports/contracts';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** Whose route reads and changes the settings: an organizer's own event, or an admin's (any event). */
export type WaitingRoomArea = 'organizer' | 'admin';

/** The key of the caller's place in an event's line: one entry, whichever call answered last. */
export const lineKey = (eventId: number) => ['line', eventId] as const;

/** GET /api/events/:id/line: where the caller stands, without joining (no session needed, no writes). */
export async function getLine(eventId: number, signal?: AbortSignal): Promise<LineStatus> {
  return (await apiGet(`/api/events/${eventId}/line`, lineResponseSchema, { signal })).line;
}

/**
 * POST /api/events/:id/line: joins the line or keeps the caller's place (the same place on a reload
 * or in another tab), and claims the pass when it is their turn. 401 when signed out.
 */
export async function keepPlaceInLine(eventId: number, signal?: AbortSignal): Promise<LineStatus> {
  return (await apiPost(`/api/events/${eventId}/line`, {}, lineResponseSchema, { signal })).line;
}

/** DELETE /api/events/:id/line: leaves the line (answers `out`, or `open` when the line is off). */
export async function leaveLine(eventId: number, signal?: AbortSignal): Promise<LineStatus> {
  return (await apiDelete(`/api/events/${eventId}/line`, {}, lineResponseSchema, { signal })).line;
}

/** book-seats' 403 when the event has a line and the caller holds no pass for it. */
export function isLinePassRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.message === LINE_PASS_REQUIRED;
}

export const lineQueries = {
  /** GET /api/events/:id/line, fresh on every visit; a place kept by POST replaces it (same key). */
  line: (eventId: number) =>
    queryOptions({
      queryKey: lineKey(eventId),
      queryFn: ({ signal }) => getLine(eventId, signal),
      staleTime: 0,
    }),
};

/** GET .../events/:id/waiting-room: whether the event's line is switched on, on now, its shoppers at once and its people waiting. */
export const waitingRoomSettingsQuery = (area: WaitingRoomArea, eventId: number) =>
  queryOptions({
    queryKey: ['waiting-room', area, eventId] as const,
    queryFn: async ({ signal }): Promise<WaitingRoomSettings> =>
      (await apiGet(`/api/${area}/events/${eventId}/waiting-room`, waitingRoomSettingsResponseSchema, { signal })).waitingRoom,
    staleTime: 0,
  });

/** PUT .../events/:id/waiting-room { on, shoppers? }; 400 (BAD_WAITING_ROOM_SETTINGS) rejects with an ApiError. */
export async function saveWaitingRoomSettings(area: WaitingRoomArea, eventId: number, request: WaitingRoomSettingsRequest): Promise<WaitingRoomSettings> {
  return (await apiPut(`/api/${area}/events/${eventId}/waiting-room`, request, waitingRoomSettingsResponseSchema)).waitingRoom;
}
