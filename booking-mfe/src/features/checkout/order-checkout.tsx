import { useId, useState } from 'react';
import { Link, useNavigate } from '@sports/router';
import { ApiError, apiErrorText, isNetworkError } from '@sports/api-client';
import type { OrderSummary, PaymentMethod } from '@sports/contracts';
import { formatCountdown } from '../../shared/format';
import { OrderSummaryList } from '../../shared/order-summary';
import { PAYMENT_METHOD_OPTIONS, isPaymentMethod } from '../../shared/payment';
import { RefundNote } from '../../shared/refund-note';
import { ReleaseSeatsButton } from '../../shared/release-seats';
import { PaymentNotConfirmedError, usePayOrder } from './api/use-pay-order';
import { CHOICES_CHANGED, TicketChoices } from './ticket-choices';
import { useTimeLeft } from './use-time-left';

export const HOLD_EXPIRED_MESSAGE = 'Your hold expired. Please select seats again.';
/** Shown once the hold has a minute or less left. */
export const HOLD_ENDING_MESSAGE = 'Less than a minute left on your hold. Pay now, or your seats will be released.';
export const RELEASED_MESSAGE = 'Your seats were released.';
/** How long before the hold runs out the buyer is warned. */
export const HOLD_WARNING_MS = 60_000;

/**
 * What checkout says where money and free tickets differ. A paid order keeps SPEC's texts (Payment,
 * Full Payment Only, Pay and Generate QR, Processing...) and says the event's refund policy
 * ("nonrefundable" only where it is No refunds); a free one (total 0) uses no payment word at all:
 * nothing is paid.
 */
export const CHECKOUT_WORDS = {
  paid: {
    heading: 'Payment',
    held: 'Held for you, not paid yet: pay before the time runs out to get your tickets.',
    ending: HOLD_ENDING_MESSAGE,
    action: 'Pay and Generate QR',
    busy: 'Processing...',
    unreachable: 'We could not reach the payment service. Check your connection, then try again.',
    failed: 'Payment failed. Please try again.',
  },
  free: {
    heading: 'Your tickets',
    held: 'Held for you: get your tickets before the time runs out.',
    ending: 'Less than a minute left on your hold. Get your tickets now, or your seats will be released.',
    action: 'Get tickets',
    busy: 'Getting your tickets…',
    unreachable: 'We could not reach the ticketing server. Check your connection, then try again.',
    failed: 'Your tickets could not be issued. Please try again.',
  },
} as const;
export const FREE_ORDER_NOTE = 'This event is free: your tickets cost nothing.';

type CheckoutWords = (typeof CHECKOUT_WORDS)[keyof typeof CHECKOUT_WORDS];

export function checkoutWords(order: Pick<OrderSummary, 'totalAmount'>): CheckoutWords {
  return order.totalAmount === 0 ? CHECKOUT_WORDS.free : CHECKOUT_WORDS.paid;
}

function payErrorMessage(error: unknown, words: CheckoutWords): string {
  if (error instanceof PaymentNotConfirmedError) return error.message;
  if (isNetworkError(error)) return words.unreachable;
  const text = apiErrorText(error);
  if (text) return text;
  if (error instanceof ApiError && error.status === 410) return HOLD_EXPIRED_MESSAGE;
  return words.failed;
}

/** The order summary of checkout: a free order says FREE beside its total. */
export function CheckoutSummary({ order }: { order: OrderSummary }) {
  return <OrderSummaryList order={order} totalNote={order.totalAmount === 0 && <span className="bk-badge bk-checkout__free">FREE</span>} />;
}

/**
 * A held order: summary, the time left on the hold (and that it is not paid yet), and the payment
 * method choice (SPEC "Checkout"); a free order asks for no method and says Get tickets.
 */
export function OrderCheckout({ order: booked }: { order: OrderSummary }) {
  const navigate = useNavigate();
  // The hold as last priced: the booking's answer, then each Update price.
  const [order, setOrder] = useState(booked);
  const [choicesChanged, setChoicesChanged] = useState(false);
  const payOrder = usePayOrder();
  const ids = { summary: useId(), payment: useId(), notice: useId(), held: useId() };
  const timeLeft = useTimeLeft(order.expiresAt);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [expiredByServer, setExpiredByServer] = useState(false);
  // A free order (total 0) asks for no method: Get tickets works at once.
  const free = order.totalAmount === 0;
  const words = checkoutWords(order);

  const processing = payOrder.isPending;
  const expired = order.status === 'expired' || expiredByServer || timeLeft === 0;
  const ending = !expired && timeLeft !== null && timeLeft <= HOLD_WARNING_MS;
  const seatsPath = `/events/${order.event.id}/seatmap/${order.section.id}`;
  const canPay = (free || method !== null) && !processing && !expired && !choicesChanged;

  const pay = () => {
    if (!canPay) return;
    setPayError(null);
    payOrder.mutate(
      { orderId: order.orderId, method: free ? null : method },
      {
        onSuccess: (paid) => navigate('/event/qr', { state: { order: paid } }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 410) setExpiredByServer(true);
          setPayError(payErrorMessage(error, words));
        },
      },
    );
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
              <p className="bk-checkout__timer" role="timer" aria-atomic="true" aria-describedby={ids.held}>
                Seats held for <strong>{formatCountdown(timeLeft)}</strong>
              </p>
              <p className="bk-checkout__held" id={ids.held}>
                {words.held}
              </p>
              <div role="status">{ending && <p className="bk-inline-alert bk-checkout__ending">{words.ending}</p>}</div>
            </>
          )
        )}
        {!expired && (
          <div className="bk-checkout__hold-actions">
            <Link className="bk-button bk-button--secondary" to={seatsPath}>
              Change seats
            </Link>
            <ReleaseSeatsButton
              order={order}
              disabled={processing}
              onReleased={() => {
                setPayError(null);
                navigate(seatsPath, { state: { message: RELEASED_MESSAGE } });
              }}
            />
          </div>
        )}
        {!expired && order.lines.some((l) => l.basePrice > 0) && <TicketChoices order={order} disabled={processing} onDirtyChange={setChoicesChanged} onPriced={setOrder} />}
      </section>

      <section className="bk-card" aria-labelledby={ids.payment}>
        <h2 id={ids.payment} className="bk-checkout__heading">
          {words.heading}
        </h2>
        {!free && (
          <p className="bk-checkout__full" id={ids.notice}>
            <span className="bk-badge">Full Payment Only</span>
          </p>
        )}
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
        {!free && <RefundNote eventId={order.event.id} className="bk-checkout__note" />}
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
          onClick={pay}
        >
          {processing ? words.busy : words.action}
        </button>
        {choicesChanged && !expired && <p className="bk-checkout__help">{CHOICES_CHANGED}</p>}
        {!free && !method && !expired && !choicesChanged && <p className="bk-checkout__help">Choose a payment method to continue.</p>}
      </section>
    </div>
  );
}
