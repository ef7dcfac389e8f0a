import type { RefObject } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { useQuery } from '@sports/query';
import { TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { OfferableCategory } from '@sports/contracts';
import { ErrorState, LoadingState } from '@sports/ui';
import { FormField } from '../../shared/form-field';
import type { PricingChoice, PricingErrors, PricingValues } from './pricing-form';

interface PricingFieldsProps {
  price: string;
  pricing: PricingValues;
  /** The event has its own seat plan: one price for all seats only. */
  hasSeatPlan: boolean;
  errors: { price: string | undefined; sections: PricingErrors['sections']; studentDiscount: string | undefined; childDiscount: string | undefined };
  refs: {
    price: RefObject<HTMLInputElement>;
    sectionPrices: RefObject<HTMLInputElement>;
    studentDiscount: RefObject<HTMLInputElement>;
    childDiscount: RefObject<HTMLInputElement>;
  };
  onPrice: (price: string) => void;
  onPricing: (pricing: PricingValues) => void;
  onBlur: (field: 'price' | 'sectionPrices' | 'studentDiscount' | 'childDiscount') => void;
}

const DISCOUNTED = ['student', 'child'] as const;
const BY_LAW = ['senior', 'pwd'] as const;

/**
 * Create Event's Tickets: one price for all seats or a price per arena section (prefilled with the
 * one price), and the ticket categories offered besides Regular.
 */
export function PricingFields({ price, pricing, hasSeatPlan, errors, refs, onPrice, onPricing, onBlur }: PricingFieldsProps) {
  const options = useQuery(organizerQueries.pricingOptions());
  const perSection = pricing.pricingChoice === 'sections' && !hasSeatPlan;
  const firstInvalid = Object.keys(errors.sections)[0];

  function choose(choice: PricingChoice) {
    if (choice === 'one' || !options.data) return onPricing({ ...pricing, pricingChoice: choice });
    const sectionPrices = Object.fromEntries(options.data.sections.map((s) => [String(s.id), pricing.sectionPrices[String(s.id)] ?? price]));
    onPricing({ ...pricing, pricingChoice: choice, sectionPrices });
  }
  const setCategory = (category: OfferableCategory, change: Partial<PricingValues['categories'][OfferableCategory]>) =>
    onPricing({ ...pricing, categories: { ...pricing.categories, [category]: { ...pricing.categories[category], ...change } } });

  return (
    <>
      <fieldset className="org-fieldset org-pricing">
        <legend>Tickets</legend>
        {hasSeatPlan ? (
          <p className="org-field__hint org-pricing__wide">This event has its own seat plan: one price for all seats.</p>
        ) : (
          <div className="org-pricing__wide org-pricing__choice" role="radiogroup" aria-label="Pricing">
            <label>
              <input type="radio" name="pricing-choice" value="one" checked={!perSection} onChange={() => choose('one')} /> One price for all seats
            </label>
            <label>
              <input type="radio" name="pricing-choice" value="sections" checked={perSection} disabled={!options.data} onChange={() => choose('sections')} /> A price per section
            </label>
          </div>
        )}
        {!perSection ? (
          <FormField label="Ticket price (₱)" required error={errors.price} hint="In pesos; 0 makes the event free.">
            <input ref={refs.price} className="ds-input org-input--short" type="text" inputMode="decimal" value={price} onChange={(e) => onPrice(e.target.value)} onBlur={() => onBlur('price')} />
          </FormField>
        ) : options.data ? (
          options.data.sections.map((section) => {
            const id = String(section.id);
            return (
              <FormField key={id} label={`${section.label} (₱)`} required error={errors.sections[id]}>
                <input
                  ref={id === firstInvalid ? refs.sectionPrices : undefined}
                  className="ds-input org-input--short"
                  type="text"
                  inputMode="decimal"
                  value={pricing.sectionPrices[id] ?? ''}
                  onChange={(e) => onPricing({ ...pricing, sectionPrices: { ...pricing.sectionPrices, [id]: e.target.value } })}
                  onBlur={() => onBlur('sectionPrices')}
                />
              </FormField>
            );
          })
        ) : options.isError ? (
          <ErrorState error={options.error} onRetry={() => void options.refetch()} />
        ) : (
          <LoadingState />
        )}
      </fieldset>

      <fieldset className="org-fieldset org-pricing">
        <legend>Ticket categories</legend>
        <p className="org-field__hint org-pricing__wide">Regular is always offered. Tick the categories this event offers too.</p>
        {DISCOUNTED.map((category) => {
          const choice = pricing.categories[category];
          const label = TICKET_CATEGORY_LABELS[category];
          return (
            <div key={category} className="org-pricing__category">
              <label className="org-pricing__check">
                <input type="checkbox" checked={choice.offered} onChange={(e) => setCategory(category, { offered: e.target.checked })} /> {label}
              </label>
              {choice.offered ? (
                <FormField label={`${label} discount (%)`} required error={errors[`${category}Discount`]} hint="0 to 100; 0 offers the category without a discount.">
                  <input
                    ref={refs[`${category}Discount`]}
                    className="ds-input org-input--short"
                    type="text"
                    inputMode="decimal"
                    value={choice.discount}
                    onChange={(e) => setCategory(category, { discount: e.target.value })}
                    onBlur={() => onBlur(`${category}Discount`)}
                  />
                </FormField>
              ) : null}
            </div>
          );
        })}
        {BY_LAW.map((category) => (
          <label key={category} className="org-pricing__check org-pricing__category">
            <input type="checkbox" checked={pricing.categories[category].offered} onChange={(e) => setCategory(category, { offered: e.target.checked })} /> {TICKET_CATEGORY_LABELS[category]}
            {options.data ? ` (${options.data.lawDiscountPercent}% off by law, ID checked at the gate)` : ' (discount by law, ID checked at the gate)'}
          </label>
        ))}
      </fieldset>
    </>
  );
}
