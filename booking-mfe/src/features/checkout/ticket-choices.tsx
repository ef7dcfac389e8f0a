import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { apiErrorText, isNetworkError } from '@sports/api-client';
import { chooseTickets } from '@sports/api-client/booking';
import { eventQueries } from '@sports/api-client/events';
import { useMutation, useQuery, useQueryClient } from '@sports/query';
import { ID_NUMBER_RULES, TICKET_CATEGORY_LABELS, isLawCategory } from '@sports/contracts';
import type { Event, OrderSummary, TicketCategory } from '@sports/contracts';
import { afterOrderWrite } from '../../shared/api/after-order-write';

export const UPDATE_PRICE = 'Update price';
export const CHOICES_CHANGED = 'Update the price to see your total before you continue.';
/** The server gives each ticket one discount: the larger of its category's and the promo code's. */
export const DISCOUNTS_DO_NOT_STACK = "Discounts do not add up: each ticket gets the larger of its category's discount (Student, Senior Citizen, PWD) and the promo code's.";
const CHOICES_UNREACHABLE = 'We could not reach the ticketing server. Check your connection, then try again.';

interface SeatChoice {
  category: TicketCategory;
  idNumber: string;
}

type Offered = NonNullable<Event['ticketCategories']>;

function categoryLabel(category: TicketCategory, offered: Offered): string {
  const offer = offered.find((o) => o.category === category);
  if (!offer || offer.discountPercent === 0) return TICKET_CATEGORY_LABELS[category];
  return `${TICKET_CATEGORY_LABELS[category]} (${offer.discountPercent}% off${isLawCategory(category) ? ' by law' : ''})`;
}

function choicesOf(order: OrderSummary): Record<number, SeatChoice> {
  return Object.fromEntries(order.lines.map((l) => [l.seat, { category: l.category, idNumber: l.idNumber ?? '' }]));
}

/**
 * Checkout's ticket categories (Regular and those the event offers, with the ID number of each
 * Senior Citizen or PWD ticket) and promo code. The server prices the hold from these choices;
 * until the buyer has updated the price after a change, `onDirtyChange(true)` holds payment back.
 */
export function TicketChoices({
  order,
  disabled,
  onDirtyChange,
  onPriced,
}: {
  order: OrderSummary;
  disabled: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onPriced: (order: OrderSummary) => void;
}) {
  const queryClient = useQueryClient();
  const event = useQuery(eventQueries.detail(order.event.id));
  const ids = { heading: useId(), code: useId(), error: useId() };
  const [choices, setChoices] = useState(() => choicesOf(order));
  const [promoCode, setPromoCode] = useState(order.promoCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      chooseTickets(order.orderId, {
        tickets: order.lines.map((l) => {
          const choice = choices[l.seat] ?? { category: 'regular', idNumber: '' };
          return isLawCategory(choice.category) ? { seat: l.seat, category: choice.category, idNumber: choice.idNumber } : { seat: l.seat, category: choice.category };
        }),
        promoCode: promoCode.trim() === '' ? null : promoCode,
      }),
    onSuccess: (priced) => {
      setError(null);
      setUpdated(true);
      onDirtyChange(false);
      afterOrderWrite(queryClient, priced);
      onPriced(priced);
    },
    onError: (err) => setError(isNetworkError(err) ? CHOICES_UNREACHABLE : (apiErrorText(err) ?? 'The price could not be updated. Please try again.')),
  });

  const offered: Offered = event.data?.ticketCategories ?? [];
  const categories: TicketCategory[] = ['regular', ...offered.map((o) => o.category)];
  const change = (update: () => void) => {
    update();
    setError(null);
    setUpdated(false);
    onDirtyChange(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!save.isPending) save.mutate();
  };

  return (
    <form className="bk-choices" aria-labelledby={ids.heading} onSubmit={submit} noValidate>
      <h3 id={ids.heading} className="bk-choices__heading">
        Tickets and promo code
      </h3>
      <fieldset className="bk-choices__fields" disabled={disabled || save.isPending}>
        {categories.length > 1 &&
          order.lines.map((line) => {
            const choice = choices[line.seat] ?? { category: 'regular', idNumber: '' };
            const rule = isLawCategory(choice.category) ? ID_NUMBER_RULES[choice.category] : null;
            return (
              <div key={line.seat} className="bk-choices__seat">
                <div className="bk-field">
                  <label htmlFor={`${ids.code}-cat-${line.seat}`}>Ticket for {line.seatName}</label>
                  <select
                    id={`${ids.code}-cat-${line.seat}`}
                    value={choice.category}
                    onChange={(e) => change(() => setChoices({ ...choices, [line.seat]: { ...choice, category: e.target.value as TicketCategory } }))}
                  >
                    {categories.map((c) => (
                      <option key={c} value={c}>
                        {categoryLabel(c, offered)}
                      </option>
                    ))}
                  </select>
                </div>
                {rule && (
                  <div className="bk-field">
                    <label htmlFor={`${ids.code}-id-${line.seat}`}>
                      {rule.label} for {line.seatName}
                    </label>
                    <input
                      id={`${ids.code}-id-${line.seat}`}
                      value={choice.idNumber}
                      autoComplete="off"
                      aria-describedby={`${ids.code}-idnote-${line.seat}`}
                      onChange={(e) => change(() => setChoices({ ...choices, [line.seat]: { ...choice, idNumber: e.target.value } }))}
                    />
                    <span id={`${ids.code}-idnote-${line.seat}`} className="bk-field__note">
                      {rule.hint}. Bring the ID: it is checked at the gate.
                    </span>
                  </div>
                )}
              </div>
            );
          })}
        <div className="bk-field">
          <label htmlFor={ids.code}>Promo code</label>
          <input
            id={ids.code}
            value={promoCode}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={error ? `${ids.code}-stack ${ids.error}` : `${ids.code}-stack`}
            onChange={(e) => change(() => setPromoCode(e.target.value))}
          />
          <span id={`${ids.code}-stack`} className="bk-field__note">
            {DISCOUNTS_DO_NOT_STACK}
          </span>
        </div>
        <button type="submit" className="bk-button bk-button--secondary" aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Updating price…' : UPDATE_PRICE}
        </button>
      </fieldset>
      <div role="status">{updated && <p className="bk-inline-success">Price updated.</p>}</div>
      {error && (
        <p id={ids.error} className="bk-inline-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
