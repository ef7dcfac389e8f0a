import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from '@sports/router';
import { ApiError, apiErrorText, isNetworkError } from '@sports/api-client';
import { bookingQueries, payOrder, releaseOrder } from '@sports/api-client/booking';
import { useQueryClient } from '@sports/query';
import type { OrderSummary, PaymentMethod } from '@sports/contracts';
import { CHECKOUT_PAY_DELAY_MS } from '../../shared/constants';
import { formatCountdown } from '../../shared/format';
import { OrderSummaryList } from '../../shared/order-summary';
import { PAYMENT_METHOD_OPTIONS, isPaymentMethod } from '../../shared/payment';
import { afterOrderWrite } from '../../shared/seat-writes';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';
import { useTimeLeft } from './use-time-left';

export const HOLD_EXPIRED_MESSAGE = 'Your hold expired. Please select seats again.';
/** Shown once the hold has a minute or less left (issue 12). */
export const HOLD_ENDING_MESSAGE = 'Less than a minute left on your hold. Pay now, or your seats will be released.';
export const RELEASED_MESSAGE = 'Your seats were released.';
/** How long before the hold runs out the buyer is warned. */
export const HOLD_WARNING_MS = 60_000;
export const FREE_ORDER_NOTE = 'This event is free: no payment method is needed.';

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function payErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return 'We could not reach the payment service. Check your connection, then try again.';
  const text = apiErrorText(error);
  if (text) return text;
  if (error instanceof ApiError && error.status === 410) return HOLD_EXPIRED_MESSAGE;
  return 'Payment failed. Please try again.';
}

/** The order summary of checkout: a free order says FREE beside its total. */
export function CheckoutSummary({ order }: { order: OrderSummary }) {
  return <OrderSummaryList order={order} totalNote={order.totalAmount === 0 && <span className="bk-badge bk-checkout__free">FREE</span>} />;
}

/** A held order: summary, the time left on the hold, and the payment method choice (SPEC "Checkout"). */
export function OrderCheckout({ order }: { order: OrderSummary }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { summary: useId(), payment: useId(), notice: useId() };
  const timeLeft = useTimeLeft(order.expiresAt);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [processing, setProcessing] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [expiredByServer, setExpiredByServer] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const mounted = useRef(true);
  // A free order (total 0) asks for no method: Pay and Generate QR works at once (issue 12).
  const free = order.totalAmount === 0;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const expired = order.status === 'expired' || expiredByServer || timeLeft === 0;
  const ending = !expired && timeLeft !== null && timeLeft <= HOLD_WARNING_MS;
  const seatsPath = `/events/${order.event.id}/seatmap/${order.section.id}`;
  const canPay = (free || method !== null) && !processing && !releasing && !expired;

  const pay = async () => {
    if (!canPay) return;
    setProcessing(true);
    setPayError(null);
    const key = idempotencyKeyFor(order.orderId);
    // SPEC §9: Processing... shows for at least the checkout pay delay, however fast the server is.
    const [result] = await Promise.allSettled([payOrder(order.orderId, free ? null : method, key), delay(CHECKOUT_PAY_DELAY_MS)]);
    if (!mounted.current) return;
    if (result.status === 'fulfilled' && result.value.status === 'paid' && result.value.qr) {
      forgetIdempotencyKey(order.orderId);
      afterOrderWrite(queryClient, result.value);
      navigate('/event/qr', { state: { order: result.value } });
      return;
    }
    if (result.status === 'rejected' && result.reason instanceof ApiError && (result.reason.status === 409 || result.reason.status === 422)) {
      // Already paid (an earlier attempt whose answer was lost, maybe with another method): show that ticket.
      const current = await queryClient.fetchQuery({ ...bookingQueries.order(order.orderId), retry: false }).catch(() => null);
      if (!mounted.current) return;
      if (current?.status === 'paid' && current.qr) {
        forgetIdempotencyKey(order.orderId);
        afterOrderWrite(queryClient, current);
        navigate('/event/qr', { state: { order: current } });
        return;
      }
    }
    setProcessing(false);
    if (result.status === 'fulfilled') {
      setPayError('The payment could not be confirmed. Please try again.');
      return;
    }
    if (result.reason instanceof ApiError && result.reason.status === 410) setExpiredByServer(true);
    setPayError(payErrorMessage(result.reason));
  };

  // Release seats: the hold gives its seats back at once, and the buyer is back on the grid.
  const release = async () => {
    if (processing || releasing) return;
    setReleasing(true);
    setPayError(null);
    try {
      const released = await releaseOrder(order.orderId);
      afterOrderWrite(queryClient, released);
      if (mounted.current) navigate(seatsPath, { state: { message: RELEASED_MESSAGE } });
    } catch (error) {
      if (!mounted.current) return;
      setReleasing(false);
      setPayError(apiErrorText(error) ?? 'Your seats could not be released. Please try again.');
    }
  };

  return (
    <div className="bk-checkout__layout">
      <section className="bk-card" aria-labelledby={ids.summary}>
        <h2 id={ids.summary} className="bk-checkout__heading">
          Order summary
        </h2>
        <CheckoutSummary order={order} />
        {expired ? (
          <div className="bk-inline-alert bk-checkout__hold" role="alert">
            <span>{HOLD_EXPIRED_MESSAGE}</span>
            <Link className="bk-button bk-button--secondary" to={seatsPath}>
              Select seats again
            </Link>
          </div>
        ) : (
          timeLeft !== null && (
            <>
              <p className="bk-checkout__timer" role="timer" aria-atomic="true">
                Seats held for <strong>{formatCountdown(timeLeft)}</strong>
              </p>
              <div role="status">{ending && <p className="bk-inline-alert bk-checkout__ending">{HOLD_ENDING_MESSAGE}</p>}</div>
            </>
          )
        )}
        {!expired && (
          <div className="bk-checkout__hold-actions">
            <Link className="bk-button bk-button--secondary" to={seatsPath}>
              Change seats
            </Link>
            <button type="button" className="bk-button bk-button--secondary" disabled={processing || releasing} onClick={() => void release()}>
              {releasing ? 'Releasing…' : 'Release seats'}
            </button>
          </div>
        )}
      </section>

      <section className="bk-card" aria-labelledby={ids.payment}>
        <h2 id={ids.payment} className="bk-checkout__heading">
          Payment
        </h2>
        <p className="bk-checkout__full" id={ids.notice}>
          <span className="bk-badge">Full Payment Only</span>
        </p>
        {free ? (
          <p className="bk-checkout__free-note">{FREE_ORDER_NOTE}</p>
        ) : (
          <fieldset className="bk-methods" disabled={processing || expired} aria-describedby={ids.notice}>
            <legend>Payment method</legend>
            {PAYMENT_METHOD_OPTIONS.map((option) => (
              <label key={option.value} className="bk-method">
                <input
                  type="radio"
                  name="paymentMethod"
                  value={option.value}
                  checked={method === option.value}
                  onChange={(e) => {
                    if (isPaymentMethod(e.target.value)) setMethod(e.target.value);
                  }}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </fieldset>
        )}
        <p className="bk-checkout__note">All payments are nonrefundable.</p>
        {payError && (
          <div className="bk-inline-alert" role="alert">
            {payError}
          </div>
        )}
        <button
          type="button"
          className="bk-button bk-button--primary bk-button--block"
          disabled={!canPay}
          aria-busy={processing || undefined}
          onClick={() => void pay()}
        >
          {processing ? 'Processing...' : 'Pay and Generate QR'}
        </button>
        {!free && !method && !expired && <p className="bk-checkout__help">Choose a payment method to continue.</p>}
      </section>
    </div>
  );
}
