// A ticket after its sale: the event cancelled and the money on its way back, or the buyer's
// own Cancel and refund while the event's policy allows it (and why not when it does not).
import { useId, useState } from 'react';
import { apiErrorText } from '@sports/api-client';
import { formatTransactionNo } from '@sports/contracts';
import type { OrderSummary } from '@sports/contracts';
import { formatPrice } from '@sports/ui';
import { formatInstant } from '../../shared/format';
import { useCancelOrder } from './api/use-cancel-order';

const pesos = (amount: number): string => formatPrice({ price: amount });

/** What happened to a cancelled or refunded order, and where its money is. */
export function RefundNotice({ order }: { order: OrderSummary }) {
  const { refund, eventCancelled } = order;
  if (!refund && !eventCancelled) return null;
  let money: string | null = null;
  if (refund && refund.amount > 0) {
    money = refund.refundedAt
      ? `Your ${pesos(refund.amount)} was refunded on ${formatInstant(refund.refundedAt)} to the payment method you used.`
      : `Your ${pesos(refund.amount)} is being refunded to the payment method you used.`;
  }
  return (
    <div className="bk-inline-note bk-refund-note">
      {eventCancelled ? (
        <p>
          <strong>This event was cancelled.</strong> {eventCancelled.reason ? `Reason: ${eventCancelled.reason}` : null}
        </p>
      ) : (
        <p>
          <strong>You cancelled this order.</strong> Its tickets are no longer valid.
        </p>
      )}
      {money && <p>{money}</p>}
    </div>
  );
}

/** Cancel and refund: the amount and the deadline, a confirmation, then the order as refund pending. */
export function CancelAndRefund({ order }: { order: OrderSummary }) {
  const cancelOrder = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const questionId = useId();
  const policy = order.cancellation;
  if (!policy) return null;
  if (!policy.allowed) return <p className="bk-field__note bk-refund-policy">{`Refunds: ${policy.reason ?? 'not available.'}`}</p>;

  const amount = pesos(policy.amount ?? order.totalAmount);
  const deadline = policy.deadline ? formatInstant(policy.deadline) : '';
  const cancel = () => {
    setError(null);
    cancelOrder.mutate(order.orderId, {
      onSuccess: () => setConfirming(false),
      onError: (failure) => setError(apiErrorText(failure) ?? 'Your order could not be cancelled. Please try again.'),
    });
  };
  return (
    <div className="bk-refund">
      <p className="bk-field__note bk-refund-policy">{`Full refund of ${amount} if you cancel before ${deadline}.`}</p>
      {confirming ? (
        <div className="bk-refund__confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            {`Cancel order ${formatTransactionNo(order.orderId)}? Its ${order.seats.length === 1 ? 'ticket' : `${order.seats.length} tickets`} stop working at once, the seats go back on sale, and ${amount} is refunded to your payment method.`}
          </p>
          <div className="bk-ticket__actions">
            <button type="button" className="bk-button bk-button--danger" disabled={cancelOrder.isPending} onClick={cancel}>
              {cancelOrder.isPending ? 'Cancelling…' : 'Yes, cancel and refund'}
            </button>
            <button type="button" className="bk-button bk-button--secondary" disabled={cancelOrder.isPending} onClick={() => setConfirming(false)}>
              Keep my tickets
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="bk-button bk-button--secondary"
          aria-label={`Cancel and refund order ${formatTransactionNo(order.orderId)} for ${order.event.title}`}
          onClick={() => setConfirming(true)}
        >
          Cancel and refund
        </button>
      )}
      {error && (
        <p className="bk-inline-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
