import { useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useNavigate } from '@sports/router';
import { organizerQueries } from '@sports/api-client/organizer';
import { useQuery } from '@sports/query';
import { EVENT_DATETIME_EXAMPLE, GENRES } from '@sports/contracts';
import type { Genre, OrganizerEventDetail } from '@sports/contracts';
import { ConfirmDialog, ErrorState, FilterSelect, LoadingState, describeError, useFilterParam, useToast } from '@sports/ui';
import { eventOptionLabel, useEventOptions } from '../../shared/event-options';
import { FormField } from '../../shared/form-field';
import { ORGANIZER_PATHS } from '../../paths';
import { useCreateEvent } from './api/use-create-event';
import { useResubmitEvent } from './api/use-resubmit-event';
import { useUpdateEvent } from './api/use-update-event';
import { BannerField } from './banner-field';
import { CheckinWindowFields } from './checkin-window-fields';
import { BarangayField, CityField } from './location-fields';
import { RefundPolicyFields } from './refund-policy-fields';
import { PricingFields } from './pricing-fields';
import { validatePricing } from './pricing-form';
import {
  DESCRIPTION_MAX,
  EMPTY_FORM,
  FIELD_ORDER,
  NAME_MAX,
  PLACE_MAX,
  dateTimeError,
  formFromEvent,
  isDirty,
  readBack,
  toEventRequest,
  validateEventForm,
} from './event-form';
import type { EventField, EventFormErrors, EventFormValues } from './event-form';

const CATEGORY_LABELS: Record<Genre, string> = { sports: 'Sports', concert: 'Concert', community: 'Community' };
/** A date field is checked as the user types once it is as long as the example (or after leaving it). */
const FULL_LENGTH = EVENT_DATETIME_EXAMPLE.length;

type FieldRefs = Record<EventField, RefObject<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>>;

function EventForm({ event }: { event: OrganizerEventDetail | null }) {
  const navigate = useNavigate();
  const initial = useRef(event ? formFromEvent(event) : EMPTY_FORM).current;
  const [values, setValues] = useState<EventFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<EventField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const refs: FieldRefs = {
    name: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    category: useRef<HTMLSelectElement>(null),
    banner: useRef<HTMLInputElement>(null),
    venueName: useRef<HTMLInputElement>(null),
    streetName: useRef<HTMLInputElement>(null),
    cityCode: useRef<HTMLSelectElement>(null),
    barangayCode: useRef<HTMLSelectElement>(null),
    start: useRef<HTMLInputElement>(null),
    end: useRef<HTMLInputElement>(null),
    price: useRef<HTMLInputElement>(null),
    sectionPrices: useRef<HTMLInputElement>(null),
    studentDiscount: useRef<HTMLInputElement>(null),
    childDiscount: useRef<HTMLInputElement>(null),
    opensMinutes: useRef<HTMLInputElement>(null),
    closesMinutes: useRef<HTMLInputElement>(null),
    refundDays: useRef<HTMLInputElement>(null),
  };
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const resubmitEvent = useResubmitEvent();
  const rejected = event?.status === 'Rejected';
  const approved = event?.status === 'Approved';
  const save = event ? (rejected ? resubmitEvent : updateEvent) : createEvent;
  const toast = useToast();

  const errors: EventFormErrors = validateEventForm(values, new Date());
  const shown = (field: EventField): string | undefined => (submitted || touched[field] ? errors[field] : undefined);
  /** Dates are checked as they are typed: the shape once the text is complete, the period rules then too. */
  const dateShown = (field: 'start' | 'end', label: string): string | undefined => {
    const value = values[field];
    if (submitted || touched[field]) return errors[field];
    if (value.trim().length >= FULL_LENGTH) return dateTimeError(value, label) ?? errors[field];
    return undefined;
  };

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const touch = (field: EventField) => () => setTouched((current) => ({ ...current, [field]: true }));

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    setSubmitted(true);
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    const request = toEventRequest(values);
    const toSeatPlanning = (saved: OrganizerEventDetail) => navigate(`${ORGANIZER_PATHS.seatPlanning}?event=${saved.id}`);
    // An approved event is on sale with its plan: its changes are saved, said so, and the list shown.
    const saved = ({ event: after, holdersMailed }: { event: OrganizerEventDetail; holdersMailed: number }) => {
      if (!approved) {
        toSeatPlanning(after);
        return;
      }
      toast.success(savedMessage(after.name, holdersMailed));
      navigate(ORGANIZER_PATHS.eventList);
    };
    if (event && rejected) resubmitEvent.mutate({ eventId: event.id, request }, { onSuccess: toSeatPlanning });
    else if (event) updateEvent.mutate({ eventId: event.id, request }, { onSuccess: saved });
    else createEvent.mutate(request, { onSuccess: toSeatPlanning });
  }

  function onCancel() {
    if (isDirty(values, initial)) setConfirmingCancel(true);
    else navigate(ORGANIZER_PATHS.eventList);
  }

  const errorCount = FIELD_ORDER.filter((field) => errors[field]).length;
  const startRead = readBack(values.start, 'Start date and time');
  const endRead = readBack(values.end, 'End date and time');

  return (
    <form className="org-form" noValidate onSubmit={onSubmit} aria-label={event ? `Edit ${event.name}` : 'New event request'}>
      {rejected ? (
        <div className="ds-notice" role="note">
          <p>
            <strong>Rejected{event.rejectionReason ? `: ${event.rejectionReason}` : ''}.</strong> Change what was asked; Proceed to Seat Planning sends the request again for approval.
          </p>
        </div>
      ) : null}
      {approved ? (
        <div className="ds-notice" role="note">
          <p>
            <strong>This event is approved and on sale.</strong> Name, description, category, banner and price change at once (a new price applies to new bookings only). A new date, time or
            venue moves the event: every ticket holder is mailed the new date with an updated calendar file, and their tickets stay valid.
          </p>
        </div>
      ) : null}
      {submitted && errorCount > 0 ? (
        <div className="ds-notice ds-notice--error" role="alert">
          <p>
            <strong>Check {errorCount === 1 ? 'one field' : `${errorCount} fields`} before you proceed:</strong> {FIELD_ORDER.map((f) => errors[f]).filter(Boolean).join('. ')}.
          </p>
        </div>
      ) : null}
      {save.isError ? (
        <div className="ds-notice ds-notice--error" role="alert">
          <p>
            <strong>{describeError(save.error).title}.</strong> {describeError(save.error).message}
          </p>
        </div>
      ) : null}

      <fieldset className="org-fieldset">
        <legend>Basic Details</legend>
        <FormField label="Event name" required error={shown('name')}>
          <input ref={refs.name as RefObject<HTMLInputElement>} className="ds-input" type="text" maxLength={NAME_MAX} value={values.name} onChange={(e) => set('name', e.target.value)} onBlur={touch('name')} />
        </FormField>
        <FormField label="Description" required error={shown('description')} hint={`${values.description.trim().length} of ${DESCRIPTION_MAX} characters`}>
          <textarea
            ref={refs.description as RefObject<HTMLTextAreaElement>}
            className="ds-input org-textarea"
            rows={4}
            maxLength={DESCRIPTION_MAX}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            onBlur={touch('description')}
          />
        </FormField>
        <FormField label="Category" required error={shown('category')}>
          <select ref={refs.category as RefObject<HTMLSelectElement>} className="ds-select" value={values.category} onChange={(e) => set('category', e.target.value as Genre | '')} onBlur={touch('category')}>
            <option value="">Choose a category</option>
            {GENRES.map((genre) => (
              <option key={genre} value={genre}>
                {CATEGORY_LABELS[genre]}
              </option>
            ))}
          </select>
        </FormField>
        <BannerField banner={values.banner} onChange={(banner) => set('banner', banner)} error={shown('banner')} inputRef={refs.banner as RefObject<HTMLInputElement>} />
      </fieldset>

      <fieldset className="org-fieldset">
        <legend>Location &amp; Venue</legend>
        <FormField label="Venue name" required error={shown('venueName')}>
          <input ref={refs.venueName as RefObject<HTMLInputElement>} className="ds-input" type="text" maxLength={PLACE_MAX} value={values.venueName} onChange={(e) => set('venueName', e.target.value)} onBlur={touch('venueName')} />
        </FormField>
        <FormField label="Street name" required error={shown('streetName')}>
          <input ref={refs.streetName as RefObject<HTMLInputElement>} className="ds-input" type="text" maxLength={PLACE_MAX} value={values.streetName} onChange={(e) => set('streetName', e.target.value)} onBlur={touch('streetName')} />
        </FormField>
        <CityField
          city={values.city}
          onChange={(city) => setValues((current) => ({ ...current, city, barangayCode: city?.code === current.city?.code ? current.barangayCode : '' }))}
          error={shown('cityCode')}
          selectRef={refs.cityCode as RefObject<HTMLSelectElement>}
        />
        <BarangayField
          cityCode={values.city?.code ?? null}
          value={values.barangayCode}
          onChange={(code) => set('barangayCode', code)}
          error={shown('barangayCode')}
          selectRef={refs.barangayCode as RefObject<HTMLSelectElement>}
        />
      </fieldset>

      <fieldset className="org-fieldset">
        <legend>Date &amp; Time</legend>
        <FormField label="Start date and time" required error={dateShown('start', 'Start date and time')} hint={startRead ? `Reads as ${startRead} (Manila time).` : `Like ${EVENT_DATETIME_EXAMPLE}`}>
          <input
            ref={refs.start as RefObject<HTMLInputElement>}
            className="ds-input"
            type="text"
            inputMode="text"
            autoComplete="off"
            placeholder={EVENT_DATETIME_EXAMPLE}
            value={values.start}
            onChange={(e) => set('start', e.target.value)}
            onBlur={touch('start')}
          />
        </FormField>
        <FormField label="End date and time" required error={dateShown('end', 'End date and time')} hint={endRead ? `Reads as ${endRead} (Manila time).` : `Like ${EVENT_DATETIME_EXAMPLE}`}>
          <input
            ref={refs.end as RefObject<HTMLInputElement>}
            className="ds-input"
            type="text"
            autoComplete="off"
            placeholder={EVENT_DATETIME_EXAMPLE}
            value={values.end}
            onChange={(e) => set('end', e.target.value)}
            onBlur={touch('end')}
          />
        </FormField>
      </fieldset>

      <PricingFields
        price={values.price}
        pricing={values.pricing}
        hasSeatPlan={event?.seatPlan != null}
        errors={{
          price: shown('price'),
          sections: submitted || touched.sectionPrices ? validatePricing(values.pricing).sections : {},
          studentDiscount: shown('studentDiscount'),
          childDiscount: shown('childDiscount'),
        }}
        refs={{
          price: refs.price as RefObject<HTMLInputElement>,
          sectionPrices: refs.sectionPrices as RefObject<HTMLInputElement>,
          studentDiscount: refs.studentDiscount as RefObject<HTMLInputElement>,
          childDiscount: refs.childDiscount as RefObject<HTMLInputElement>,
        }}
        onPrice={(price) => set('price', price)}
        onPricing={(pricing) => set('pricing', pricing)}
        onBlur={(field) => touch(field)()}
      />

      <CheckinWindowFields
        start={values.start}
        end={values.end}
        values={values}
        errors={{ opensMinutes: shown('opensMinutes'), closesMinutes: shown('closesMinutes') }}
        refs={{ opensMinutes: refs.opensMinutes as RefObject<HTMLInputElement>, closesMinutes: refs.closesMinutes as RefObject<HTMLInputElement> }}
        onChange={(side, value) => set(side, value)}
        onBlur={(side) => touch(side)()}
      />

      <RefundPolicyFields
        choice={values.refundChoice}
        days={values.refundDays}
        error={shown('refundDays')}
        daysRef={refs.refundDays as RefObject<HTMLInputElement>}
        sold={approved}
        onChoice={(choice) => set('refundChoice', choice)}
        onDays={(days) => set('refundDays', days)}
        onBlur={touch('refundDays')}
      />

      <div className="org-actions">
        <button type="submit" className="ds-button ds-button--primary" aria-busy={save.isPending || undefined} aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : approved ? 'Save changes' : 'Proceed to Seat Planning'}
        </button>
        <button type="button" className="ds-button" onClick={onCancel}>
          Cancel
        </button>
      </div>

      <ConfirmDialog
        open={confirmingCancel}
        title="Discard this event?"
        message="What you typed on this form will be lost. Nothing is saved."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        tone="danger"
        onConfirm={() => navigate(ORGANIZER_PATHS.eventList)}
        onClose={() => setConfirmingCancel(false)}
      />
    </form>
  );
}

/** What saving an approved event says: saved, and who was mailed that it moved. */
export function savedMessage(name: string, holdersMailed: number): string {
  if (holdersMailed === 0) return `${name}: changes saved.`;
  return `${name}: changes saved. ${holdersMailed === 1 ? '1 ticket holder was' : `${holdersMailed.toLocaleString('en-PH')} ticket holders were`} mailed the new date.`;
}

/**
 * Create Event (/organizer/create-event): a new event request, or one of the caller's events to
 * change: a Pending request, an Approved event not started nor cancelled, or a Rejected request to
 * send again.
 */
export default function CreateEventPage() {
  const options = useEventOptions();
  const editable = options.data?.events.filter((e) => e.editable);
  const [selected, setSelected] = useFilterParam('event', { allowed: editable?.map((e) => String(e.id)), pageParam: null });
  const eventId = selected ? Number(selected) : null;
  const detail = useQuery({ ...organizerQueries.event(eventId ?? 0), enabled: eventId !== null });

  let body;
  if (eventId === null) body = <EventForm key="new" event={null} />;
  else if (detail.data) body = <EventForm key={detail.data.id} event={detail.data} />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else body = <LoadingState />;

  return (
    <section className="ds-page" aria-labelledby="create-event-heading">
      <h1 id="create-event-heading">Create Event</h1>
      <p className="ds-page__subtitle">Your event is saved as a Pending request; an admin approves it before visitors can book.</p>
      <div className="ds-toolbar">
        <FilterSelect
          label="Event"
          value={selected}
          onChange={setSelected}
          allLabel={options.isPending ? 'Loading events…' : 'New event'}
          disabled={options.isPending}
          options={(editable ?? []).map((e) => ({ value: String(e.id), label: `${e.status === 'Rejected' ? 'Resubmit' : 'Edit'}: ${eventOptionLabel(e)}` }))}
        />
      </div>
      {options.isError ? <ErrorState error={options.error} onRetry={() => void options.refetch()} /> : null}
      {body}
    </section>
  );
}
