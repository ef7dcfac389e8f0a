// @sports/api-client/gate: the offline gate's two calls (organizer area, own events only).
import { gateSnapshotResponseSchema, gateSyncResponseSchema } from '@sports/contracts';
import type { GateScan, GateSnapshotResponse, GateSyncResponse } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';

/**
 * GET /api/organizer/events/:id/gate?device=: the event's tickets, window and public key, for a gate
 * to keep; the API records when the named gate first took its copy (scans dated before are refused).
 */
export function getGateSnapshot(eventId: number, device?: string, signal?: AbortSignal): Promise<GateSnapshotResponse> {
  const query = device ? `?device=${encodeURIComponent(device)}` : '';
  return apiGet(`/api/organizer/events/${eventId}/gate${query}`, gateSnapshotResponseSchema, { signal });
}

/** POST /api/organizer/events/:id/gate/scans: what the named gate admitted; each scan id is applied once. */
export function syncGateScans(eventId: number, device: string, scans: readonly GateScan[], signal?: AbortSignal): Promise<GateSyncResponse> {
  return apiPost(`/api/organizer/events/${eventId}/gate/scans`, { device, scans }, gateSyncResponseSchema, { signal });
}
