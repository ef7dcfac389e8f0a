import type { OrderSummary } from '@sports/contracts';
import { bookingQueries } from '@sports/api-client/booking';
import type { QueryClient } from '@sports/query';

/**
 * After a hold or a payment: the order is cached as the server answered it, and what other
 * pages show about the seats and the buyer's orders is read again.
 */
export function afterOrderWrite(queryClient: QueryClient, order: OrderSummary): void {
  queryClient.setQueryData(bookingQueries.order(order.orderId).queryKey, order);
  void queryClient.invalidateQueries({ queryKey: bookingQueries.bookedSeats(order.event.id, order.section.id).queryKey });
  void queryClient.invalidateQueries({ queryKey: bookingQueries.availability(order.event.id).queryKey });
  void queryClient.invalidateQueries({ queryKey: bookingQueries.mine().queryKey });
  void queryClient.invalidateQueries({ queryKey: bookingQueries.myHold(order.event.id).queryKey });
}
