import { releaseOrder } from '@sports/api-client/booking';
import { useMutation, useQueryClient } from '@sports/query';
import { afterOrderWrite } from './after-order-write';

/** Give a held order's seats back at once (POST /api/orders/:id/release); the seat and order reads refetch. */
export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => releaseOrder(orderId),
    onSuccess: (released) => afterOrderWrite(queryClient, released),
  });
}
