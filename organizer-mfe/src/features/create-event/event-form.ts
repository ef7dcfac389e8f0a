// Create Event's form: its values, the checks the API makes again (same messages, same date rules
// from @sports/contracts' organizer-datetime), and the request it sends.
import { BANNER_CONTENT_TYPES, BANNER_MAX_BYTES, CHECKIN_WINDOW_LIMITS, EVENT_PRICE_MAX, GENRES, REFUND_DAYS_LIMITS, parseEventDateTime, parseEventPeriod } from '@sports/contracts';
import type { Banner, EventRequest, Genre, OrganizerEventDetail } from '@sports/contracts';
import { CLOSES_LABEL, OPENS_LABEL, parseWindowMinutes, windowMinutesError } from './checkin-window';
import { EMPTY_PRICING, pricingFromEvent, pricingKey, pricingRequest, validatePricing } from './pricing-form';
import type { PricingValues } from './pricing-form';

export interface CityChoice {
  code: string;
  name: string;
  province: string;
}

/** The refund policy's choice: no refunds, or a full refund until a number of days before the start. */
export type RefundChoice = 'none' | 'days';

export interface EventFormValues {
  name: string;
  description: string;
  category: Genre | '';
  banner: Banner | null;
  venueName: string;
  streetName: string;
  city: CityChoice | null;
  barangayCode: string;
  start: string;
  end: string;
  price: string;
  /** Minutes before the start the doors open, as typed. */
  opensMinutes: string;
  /** Minutes after the end check-in closes, as typed. */
  closesMinutes: string;
  refundChoice: RefundChoice;
  /** Days before the start a full refund may be asked, as typed (with refundChoice 'days'). */
  refundDays: string;
  /** One price or a price per section, and the ticket categories offered. */
  pricing: PricingValues;
}

export type EventField = Exclude<keyof EventFormValues, 'city' | 'refundChoice' | 'pricing'> | 'cityCode' | 'sectionPrices' | 'studentDiscount' | 'childDiscount';
export type EventFormErrors = Partial<Record<EventField, string>>;

/** The fields in the order the form shows them (the first invalid one gets focus). */
export const FIELD_ORDER: readonly EventField[] = ['name', 'description', 'category', 'banner', 'venueName', 'streetName', 'cityCode', 'barangayCode', 'start', 'end', 'price', 'sectionPrices', 'studentDiscount', 'childDiscount', 'opensMinutes', 'closesMinutes', 'refundDays'];

export const EMPTY_FORM: EventFormValues = {
  name: '',
  description: '',
  category: '',
  banner: null,
  venueName: '',
  streetName: '',
  city: null,
  barangayCode: '',
  start: '',
  end: '',
  price: '0',
  opensMinutes: String(CHECKIN_WINDOW_LIMITS.defaultOpensMinutes),
  closesMinutes: String(CHECKIN_WINDOW_LIMITS.defaultClosesMinutes),
  refundChoice: 'none',
  refundDays: '7',
  pricing: EMPTY_PRICING,
};

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const PLACE_MAX = 200;

export function formFromEvent(event: OrganizerEventDetail): EventFormValues {
  return {
    name: event.name,
    description: event.description,
    category: event.category,
    banner: event.banner,
    venueName: event.venueName ?? '',
    streetName: event.streetName ?? '',
    city: event.city,
    barangayCode: event.barangay?.code ?? '',
    start: event.start,
    end: event.end ?? '',
    price: String(event.price),
    opensMinutes: String(event.checkinOpensMinutes),
    closesMinutes: String(event.checkinClosesMinutes),
    refundChoice: event.refundDaysBefore === null ? 'none' : 'days',
    refundDays: event.refundDaysBefore === null ? '7' : String(event.refundDaysBefore),
    pricing: pricingFromEvent(event),
  };
}

/** True when the form holds something a person typed or chose (Cancel asks before dropping it). */
export function isDirty(values: EventFormValues, initial: EventFormValues): boolean {
  const key = (v: EventFormValues) => [v.name, v.description, v.category, v.banner?.id ?? '', v.venueName, v.streetName, v.city?.code ?? '', v.barangayCode, v.start, v.end, v.price, v.opensMinutes, v.closesMinutes, v.refundChoice, v.refundChoice === 'days' ? v.refundDays : '', pricingKey(v.pricing)].map((x) => x.trim());
  const a = key(values);
  const b = key(initial);
  return a.some((value, i) => value !== b[i]);
}

function text(value: string, required: string, label: string, max: number): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return required;
  if (trimmed.length > max) return `${label} is too long (at most ${max} characters)`;
  return undefined;
}

/** The price as pesos, or the message that says what is wrong with it. */
export function parsePrice(value: string): { ok: true; pesos: number } | { ok: false; error: string } {
  const trimmed = value.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) {
    return { ok: false, error: trimmed.startsWith('-') ? 'Ticket price cannot be negative' : 'Ticket price must be a number of pesos (0 for a free event)' };
  }
  const pesos = Number(trimmed);
  if (pesos > EVENT_PRICE_MAX) return { ok: false, error: `Ticket price must be at most ${EVENT_PRICE_MAX} pesos` };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { ok: false, error: 'Ticket price may have at most two decimals' };
  return { ok: true, pesos };
}

/** One date field alone (as the user types): the shape and calendar rules of the contract. */
export function dateTimeError(value: string, label: string): string | undefined {
  if (!value.trim()) return `${label} is required (like 02-15-2024 06:00 am)`;
  const parsed = parseEventDateTime(value, label);
  return parsed.ok ? undefined : parsed.error;
}

/** Where a period rule's message belongs: the start field or the end field. */
function periodField(error: string): 'start' | 'end' {
  return /^(Start|The event must start)/.test(error) ? 'start' : 'end';
}

/** Every check the API makes that the screen can make too, with the API's messages. */
export function validateEventForm(values: EventFormValues, now: Date): EventFormErrors {
  const errors: EventFormErrors = {};
  const set = (field: EventField, message: string | undefined) => {
    if (message) errors[field] = message;
  };
  set('name', text(values.name, 'Event name is required', 'Event name', NAME_MAX));
  set('description', text(values.description, 'Description is required', 'Description', DESCRIPTION_MAX));
  set('category', (GENRES as readonly string[]).includes(values.category) ? undefined : 'Choose a category: sports, concert or community');
  set('banner', values.banner ? undefined : 'Banner image is required');
  set('venueName', text(values.venueName, 'Venue name is required', 'Venue name', PLACE_MAX));
  set('streetName', text(values.streetName, 'Street name is required', 'Street name', PLACE_MAX));
  set('cityCode', values.city ? undefined : 'Choose a city');
  set('barangayCode', values.barangayCode ? undefined : 'Choose a barangay');
  set('start', dateTimeError(values.start, 'Start date and time'));
  set('end', dateTimeError(values.end, 'End date and time'));
  if (!errors.start) {
    // The start's own rules (in the future, not too far) hold even while the end is still being typed.
    const period = parseEventPeriod(values.start, errors.end ? values.start : values.end, now);
    const field = period.ok ? null : periodField(period.error);
    if (!period.ok && field && !errors[field]) errors[field] = period.error;
  }
  if (values.pricing.pricingChoice === 'one') {
    const price = parsePrice(values.price);
    if (!price.ok) errors.price = price.error;
  }
  const pricing = validatePricing(values.pricing);
  set('sectionPrices', Object.values(pricing.sections)[0]);
  set('studentDiscount', pricing.studentDiscount);
  set('childDiscount', pricing.childDiscount);
  set('opensMinutes', windowMinutesError(values.opensMinutes, OPENS_LABEL));
  set('closesMinutes', windowMinutesError(values.closesMinutes, CLOSES_LABEL));
  if (values.refundChoice === 'days') set('refundDays', refundDaysError(values.refundDays));
  return errors;
}

/** The days of a refund policy as typed: a whole number from 0 to 365. */
export function refundDaysError(value: string): string | undefined {
  const trimmed = value.trim();
  const days = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || days < REFUND_DAYS_LIMITS.min || days > REFUND_DAYS_LIMITS.max) {
    return `Days before the start must be a whole number from ${REFUND_DAYS_LIMITS.min} to ${REFUND_DAYS_LIMITS.max}`;
  }
  return undefined;
}

const minutesOf = (value: string): number => {
  const parsed = parseWindowMinutes(value, '');
  return parsed.ok ? parsed.minutes : Number.NaN;
};

export function toEventRequest(values: EventFormValues): EventRequest {
  const price = parsePrice(values.price);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    category: values.category as Genre,
    bannerId: values.banner?.id ?? '',
    venueName: values.venueName.trim(),
    streetName: values.streetName.trim(),
    cityCode: values.city?.code ?? '',
    barangayCode: values.barangayCode,
    start: values.start.trim(),
    end: values.end.trim(),
    ...pricingRequest(values.pricing, price.ok ? price.pesos : Number.NaN),
    checkinOpensMinutes: minutesOf(values.opensMinutes),
    checkinClosesMinutes: minutesOf(values.closesMinutes),
    refundDaysBefore: values.refundChoice === 'days' ? Number(values.refundDays.trim()) : null,
  };
}

/** A picked file the API would refuse for sure (by its declared type or size); the server checks the bytes anyway. */
export function bannerFileError(file: File): string | undefined {
  if (!(BANNER_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'The banner must be a PNG, JPEG or WebP image.';
  if (file.size > BANNER_MAX_BYTES) return 'The banner image must be at most 5 MB.';
  return undefined;
}

/** How the screen reads a typed date, so the organizer sees what the API will understand. */
export function readBack(value: string, label: string): string | null {
  const parsed = parseEventDateTime(value, label);
  if (!parsed.ok) return null;
  return parsed.instant.toLocaleString('en-PH', { timeZone: 'Asia/Manila', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
