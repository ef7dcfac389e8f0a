import { TICKET_CATEGORY_LABELS, discountReason } from '@sports/contracts';
import type { OrderSummary } from '@sports/contracts';
import { formatPesos } from './format';

/** Each ticket: seat, category, its price, and what was taken off and why. */
export function PriceBreakdown({ order }: { order: Pick<OrderSummary, 'lines' | 'promoCode'> }) {
  return (
    <ul className="bk-breakdown">
      {order.lines.map((line) => (
        <li key={line.seat} className="bk-breakdown__line">
          <span className="bk-breakdown__ticket">
            {line.seatName} · {TICKET_CATEGORY_LABELS[line.category]}
          </span>
          <span className="bk-breakdown__amount">
            {line.discount > 0 && (
              <>
                <s aria-label={`was ${formatPesos(line.basePrice)}`}>{formatPesos(line.basePrice)}</s>{' '}
              </>
            )}
            {formatPesos(line.price)}
          </span>
          {line.discount > 0 && (
            <span className="bk-breakdown__discount">
              −{formatPesos(line.discount)} {discountReason(line, order.promoCode)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
