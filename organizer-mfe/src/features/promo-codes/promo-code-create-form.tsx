import { useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { ORGANIZER_KEY, createPromoCode } from '@sports/api-client/organizer';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';
import { EVENT_DATETIME_EXAMPLE, TICKET_CATEGORIES, TICKET_CATEGORY_LABELS } from '@sports/contracts';
import type { PromoCodeKind, PromoCodeRequest, TicketCategory } from '@sports/contracts';
import { describeError } from '@sports/ui';
import { FormField } from '../../shared/form-field';
import { EMPTY_PROMO_FORM, PROMO_FIELD_ORDER, toPromoRequest, validatePromoForm } from './promo-code-form';
import type { PromoField, PromoFormValues } from './promo-code-form';

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** New promo code: the code, what it takes off, where it applies, its limits and window. */
export function PromoCodeCreateForm({ eventId, sections }: { eventId: number; sections: ReadonlyArray<{ id: number; label: string }> }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PromoFormValues>(EMPTY_PROMO_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const refs: Record<PromoField, RefObject<HTMLInputElement | null>> = {
    code: useRef<HTMLInputElement>(null),
    value: useRef<HTMLInputElement>(null),
    maxUses: useRef<HTMLInputElement>(null),
    perAccount: useRef<HTMLInputElement>(null),
    validFrom: useRef<HTMLInputElement>(null),
    validUntil: useRef<HTMLInputElement>(null),
  };
  const create = useMutation({
    mutationFn: (request: PromoCodeRequest) => createPromoCode(eventId, request),
    onSuccess: (code) => {
      setCreated(code.code);
      setValues(EMPTY_PROMO_FORM);
      setSubmitted(false);
      return invalidateAll(queryClient, [ORGANIZER_KEY]);
    },
  });
  const errors = validatePromoForm(values);
  const shown = (field: PromoField) => (submitted ? errors[field] : undefined);
  const set = <K extends keyof PromoFormValues>(key: K, value: PromoFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSubmitted(true);
    setCreated(null);
    const first = PROMO_FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    create.mutate(toPromoRequest(values));
  }

  const input = (field: PromoField, props: { inputMode?: 'decimal' | 'numeric' | 'text'; placeholder?: string } = {}) => (
    <input ref={refs[field] as RefObject<HTMLInputElement>} className="ds-input" type="text" autoComplete="off" value={values[field]} onChange={(e) => set(field, e.target.value)} {...props} />
  );

  return (
    <form className="org-form" noValidate onSubmit={onSubmit} aria-label="New promo code">
      {create.isError ? (
        <div className="ds-notice ds-notice--error" role="alert">
          <p>
            <strong>{describeError(create.error).title}.</strong> {describeError(create.error).message}
          </p>
        </div>
      ) : null}
      {created ? (
        <p className="ds-notice" role="status">
          Promo code {created} created.
        </p>
      ) : null}
      <fieldset className="org-fieldset">
        <legend>New promo code</legend>
        <FormField label="Code" required error={shown('code')} hint="3 to 30 letters, digits, hyphens or underscores; buyers type it in any case.">
          {input('code', { placeholder: 'EARLYBIRD' })}
        </FormField>
        <FormField label="Takes off">
          <select className="ds-select" value={values.kind} onChange={(e) => set('kind', e.target.value as PromoCodeKind)}>
            <option value="percent">A percentage of each ticket</option>
            <option value="amount">An amount of pesos from each ticket</option>
          </select>
        </FormField>
        <FormField label={values.kind === 'percent' ? 'Percent off (%)' : 'Pesos off (₱)'} required error={shown('value')}>
          {input('value', { inputMode: 'decimal' })}
        </FormField>
        <FormField label="Uses in all" error={shown('maxUses')} hint="Empty: no limit.">
          {input('maxUses', { inputMode: 'numeric' })}
        </FormField>
        <FormField label="Uses per account" error={shown('perAccount')} hint="Empty: no limit.">
          {input('perAccount', { inputMode: 'numeric' })}
        </FormField>
        <FormField label="Valid from" error={shown('validFrom')} hint={`Like ${EVENT_DATETIME_EXAMPLE} (Manila time); empty: from now.`}>
          {input('validFrom', { placeholder: EVENT_DATETIME_EXAMPLE })}
        </FormField>
        <FormField label="Valid until" error={shown('validUntil')} hint={`Like ${EVENT_DATETIME_EXAMPLE}; empty: until you end it.`}>
          {input('validUntil', { placeholder: EVENT_DATETIME_EXAMPLE })}
        </FormField>
        <fieldset className="org-pricing__wide org-promo__choices">
          <legend>Sections (none ticked: all)</legend>
          {sections.map((s) => (
            <label key={s.id} className="org-promo__choice">
              <input type="checkbox" checked={values.sectionIds.includes(s.id)} onChange={(e) => set('sectionIds', toggled(values.sectionIds, s.id, e.target.checked))} /> {s.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="org-pricing__wide org-promo__choices">
          <legend>Ticket categories (none ticked: all)</legend>
          {TICKET_CATEGORIES.map((c: TicketCategory) => (
            <label key={c} className="org-promo__choice">
              <input type="checkbox" checked={values.categories.includes(c)} onChange={(e) => set('categories', toggled(values.categories, c, e.target.checked))} /> {TICKET_CATEGORY_LABELS[c]}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <div className="org-actions">
        <button type="submit" className="ds-button ds-button--primary" aria-busy={create.isPending || undefined} aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Creating…' : 'Create promo code'}
        </button>
      </div>
    </form>
  );
}
