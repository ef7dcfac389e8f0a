import { cancelOrder } from '@sports/api-client/booking';
import { useMutation, useQueryClient } from '@sports/query';
import { afterOrderWrite } from '../../../shared/api/after-order-write';

/** Cancel a paid order for a refund (POST /api/orders/:id/cancel); its seats and the buyer's orders read again. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => cancelOrder(orderId),
    onSuccess: (cancelled) => afterOrderWrite(queryClient, cancelled),
  });
}
