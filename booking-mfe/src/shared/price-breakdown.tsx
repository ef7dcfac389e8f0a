import { TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { OrderLine, OrderSummary } from '@sports/contracts';
import { formatPesos } from './format';

/** Whether the order's tickets differ in category or price: then each ticket's line is shown. */
export function hasBreakdown(order: Pick<OrderSummary, 'lines' | 'promoCode'>): boolean {
  const [first] = order.lines;
  return order.promoCode !== undefined || order.lines.some((l) => l.category !== 'regular' || l.discount > 0 || l.basePrice !== first?.basePrice);
}

function discountText(line: OrderLine, promoCode: string | undefined): string {
  if (line.discountKind === 'code') return `promo code ${promoCode ?? ''}`.trim();
  if (line.discountKind === 'law') return `${TICKET_CATEGORY_LABELS[line.category]} discount by law`;
  return `${TICKET_CATEGORY_LABELS[line.category]} discount`;
}

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
              −{formatPesos(line.discount)} {discountText(line, order.promoCode)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
