// Cancelling an event after its sale began: an organizer their own (/api/organizer/...), an admin
// any (/api/admin/...). The refunds then run on the server.
import { cancelEventResponseSchema, cancellationPreviewResponseSchema } from '@sports/contracts';
import type { CancelEventResponse, CancellationPreviewResponse } from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';

export type CancellingArea = 'organizer' | 'admin';

/** GET .../events/:id/cancellation: the paid orders, tickets and pesos cancelling would refund (409 when it cannot be cancelled). */
export const cancellationQuery = (area: CancellingArea, eventId: number) =>
  queryOptions({
    // Not under the area's own key: refreshing the area's reads after cancelling must not read it again.
    queryKey: ['cancellation', area, eventId] as const,
    queryFn: ({ signal }): Promise<CancellationPreviewResponse> => apiGet(`/api/${area}/events/${eventId}/cancellation`, cancellationPreviewResponseSchema, { signal }),
    staleTime: 0,
    retry: false,
  });

/** POST .../events/:id/cancel with the reason every ticket holder is told. */
export function cancelEvent(area: CancellingArea, eventId: number, reason: string): Promise<CancelEventResponse> {
  return apiPost(`/api/${area}/events/${eventId}/cancel`, { reason }, cancelEventResponseSchema);
}
