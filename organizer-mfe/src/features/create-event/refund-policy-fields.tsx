import type { RefObject } from 'react';
import { REFUND_DAYS_LIMITS, refundPolicyText } from '@sports/contracts';
import { FormField } from '../../shared/form-field';
import type { RefundChoice } from './event-form';

interface RefundPolicyFieldsProps {
  choice: RefundChoice;
  days: string;
  error: string | undefined;
  daysRef: RefObject<HTMLInputElement>;
  /** Tickets are sold: the policy may only become more generous (the API refuses a stricter one). */
  sold: boolean;
  onChoice: (choice: RefundChoice) => void;
  onDays: (days: string) => void;
  onBlur: () => void;
}

/** Create Event's Refund policy: no refunds, or a full refund until N days before the start. */
export function RefundPolicyFields({ choice, days, error, daysRef, sold, onChoice, onDays, onBlur }: RefundPolicyFieldsProps) {
  return (
    <fieldset className="org-fieldset">
      <legend>Refund policy</legend>
      <FormField label="Refund policy" hint={sold ? 'Tickets are sold: the policy may become more generous, not stricter.' : 'Shown to buyers on the event page.'}>
        <select className="ds-select" value={choice} onChange={(e) => onChoice(e.target.value as RefundChoice)}>
          <option value="none">{refundPolicyText(null)}</option>
          <option value="days">Full refund until N days before the start</option>
        </select>
      </FormField>
      {choice === 'days' ? (
        <FormField label="Days before the start" required error={error} hint={`A whole number from ${REFUND_DAYS_LIMITS.min} to ${REFUND_DAYS_LIMITS.max}.`}>
          <input
            ref={daysRef}
            className="ds-input org-input--short"
            type="number"
            inputMode="numeric"
            min={REFUND_DAYS_LIMITS.min}
            max={REFUND_DAYS_LIMITS.max}
            step={1}
            value={days}
            onChange={(e) => onDays(e.target.value)}
            onBlur={onBlur}
          />
        </FormField>
      ) : null}
    </fieldset>
  );
}
