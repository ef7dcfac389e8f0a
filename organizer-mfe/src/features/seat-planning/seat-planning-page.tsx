import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from '@sports/router';
import { organizerQueries } from '@sports/api-client/organizer';
import { useQuery } from '@sports/query';
import type { EventOption, SeatPlanResponse } from '@sports/contracts';
import { EmptyState, ErrorState, FilterSelect, LoadingState, describeError, useFilterParam } from '@sports/ui';
import { eventOptionLabel, useEventOptions } from '../../shared/event-options';
import { FormField } from '../../shared/form-field';
import { ORGANIZER_PATHS } from '../../paths';
import { useApplySeatPlan } from './api/use-apply-seat-plan';
import { SeatPlanDrawing } from './seat-plan-drawing';

export const SEAT_PLAN_APPLIED = 'Seat plan applied successfully!';

/** A side of the plan, or the API's message for it. */
function parseSide(value: string, label: string, max: number): { ok: true; n: number } | { ok: false; error: string } {
  const message = `${label} must be a whole number from 1 to ${max}`;
  if (!/^\d{1,3}$/.test(value.trim())) return { ok: false, error: message };
  const n = Number(value.trim());
  return n >= 1 && n <= max ? { ok: true, n } : { ok: false, error: message };
}

function PlanForm({ event, plan }: { event: EventOption; plan: SeatPlanResponse }) {
  const navigate = useNavigate();
  const start = plan.plan ?? plan.defaults;
  const [rows, setRows] = useState(String(start.rows));
  const [columns, setColumns] = useState(String(start.columns));
  const [applied, setApplied] = useState(false);
  const apply = useApplySeatPlan(event.id);

  const r = parseSide(rows, 'Rows', plan.limits.maxRows);
  const c = parseSide(columns, 'Columns', plan.limits.maxColumns);
  const capacity = r.ok && c.ok ? r.n * c.n : null;
  const taken = new Set(plan.heldOrSoldSeats);
  const mustKeep = plan.heldOrSoldSeats.length ? Math.max(...plan.heldOrSoldSeats) : 0;

  function edit(setter: (value: string) => void) {
    return (value: string) => {
      setter(value);
      setApplied(false);
      apply.reset();
    };
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (!r.ok || !c.ok || !plan.plannable) return;
    apply.mutate({ rows: r.n, columns: c.n }, { onSuccess: () => setApplied(true) });
  }

  return (
    <form className="org-form org-plan" noValidate onSubmit={onSubmit} aria-label={`Seat plan of ${event.name}`}>
      <div className="org-plan__fields">
        <FormField label="Rows" error={r.ok ? undefined : r.error} hint={`1 to ${plan.limits.maxRows} (rows A to Z)`}>
          <input className="ds-input org-input--short" type="number" inputMode="numeric" min={plan.limits.min} max={plan.limits.maxRows} step={1} value={rows} onChange={(e) => edit(setRows)(e.target.value)} />
        </FormField>
        <FormField label="Columns" error={c.ok ? undefined : c.error} hint={`1 to ${plan.limits.maxColumns} seats a row`}>
          <input className="ds-input org-input--short" type="number" inputMode="numeric" min={plan.limits.min} max={plan.limits.maxColumns} step={1} value={columns} onChange={(e) => edit(setColumns)(e.target.value)} />
        </FormField>
        <FormField label="Total capacity" hint="Rows x columns">
          <input className="ds-input org-input--short" type="text" readOnly value={capacity === null ? '—' : String(capacity)} />
        </FormField>
      </div>
      {mustKeep > 0 ? (
        <p className="ds-notice">
          {plan.heldOrSoldSeats.length === 1 ? 'One seat is' : `${plan.heldOrSoldSeats.length} seats are`} already held or sold on this plan: keep at least {mustKeep} seats (seats are numbered row by row).
        </p>
      ) : null}
      {!plan.plannable ? <p className="ds-notice ds-notice--error">This event can no longer be planned (it has started or was rejected).</p> : null}

      <div className="org-plan__drawing">
        {capacity !== null && r.ok && c.ok ? <SeatPlanDrawing rows={r.n} columns={c.n} taken={taken} /> : <p className="ds-loading">Enter rows and columns to see the plan.</p>}
        <ul className="org-plan__legend" aria-label="Legend">
          <li>
            <span className="org-plan__key" aria-hidden="true" /> Seat
          </li>
          {taken.size ? (
            <li>
              <span className="org-plan__key org-plan__key--taken" aria-hidden="true" /> Held or sold
            </li>
          ) : null}
        </ul>
      </div>

      {applied ? (
        <p className="org-success" role="status">
          {SEAT_PLAN_APPLIED}
        </p>
      ) : null}
      {apply.isError ? (
        <div className="ds-notice ds-notice--error" role="alert">
          <p>
            <strong>{describeError(apply.error).title}.</strong> {describeError(apply.error).message}
          </p>
        </div>
      ) : null}

      <div className="org-actions">
        <button type="button" className="ds-button" onClick={() => navigate(event.editable ? `${ORGANIZER_PATHS.createEvent}?event=${event.id}` : ORGANIZER_PATHS.createEvent)}>
          Go Back
        </button>
        <button
          type="submit"
          className="ds-button ds-button--primary"
          aria-disabled={!plan.plannable || !r.ok || !c.ok || apply.isPending || undefined}
          aria-busy={apply.isPending || undefined}
        >
          {apply.isPending ? 'Applying…' : 'Apply Event'}
        </button>
      </div>
    </form>
  );
}

function PlanLoader({ event }: { event: EventOption }) {
  const plan = useQuery(organizerQueries.seatPlan(event.id));
  if (plan.data) return <PlanForm event={event} plan={plan.data} />;
  if (plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} />;
  return <LoadingState />;
}

/** Seat Planning (/organizer/seat-planning): rows x columns of one of the caller's events, saved by Apply Event. */
export default function SeatPlanningPage() {
  const options = useEventOptions();
  const plannable = options.data?.events.filter((e) => e.plannable);
  const preferred = plannable?.find((e) => e.id === options.data?.current) ?? plannable?.[0];
  const [selected, setSelected] = useFilterParam('event', { allowed: plannable?.map((e) => String(e.id)), fallback: preferred ? String(preferred.id) : '', pageParam: null });
  const event = plannable?.find((e) => String(e.id) === selected);

  let body;
  if (options.isError) body = <ErrorState error={options.error} onRetry={() => void options.refetch()} />;
  else if (!plannable) body = <LoadingState />;
  else if (!event)
    body = (
      <EmptyState title="No event to plan">
        Seats can be planned for your Pending and Approved events that have not started. <Link to={ORGANIZER_PATHS.createEvent}>Create an event</Link> first.
      </EmptyState>
    );
  else body = <PlanLoader key={event.id} event={event} />;

  return (
    <section className="ds-page" aria-labelledby="seat-planning-heading">
      <h1 id="seat-planning-heading">Seat Planning</h1>
      <p className="ds-page__subtitle">Lay out the seats of your event in rows and columns in front of the stage.</p>
      <div className="ds-toolbar">
        <FilterSelect
          label="Event"
          value={selected}
          onChange={(value) => setSelected(value)}
          disabled={!plannable || plannable.length === 0}
          allLabel={options.isPending ? 'Loading events…' : undefined}
          options={(plannable ?? []).map((e) => ({ value: String(e.id), label: eventOptionLabel(e) }))}
        />
      </div>
      {body}
    </section>
  );
}
