// Changing an event after the admin's decision (PRODUCT §9 "Lifecycles"): an Approved event is
// edited until it starts or is cancelled, a Rejected request is edited and sent again. Text,
// banner, price and policy changes go live at once (prices: new holds only; an order keeps the
// total it was quoted); a change of date, time or venue is a move: its sequence is raised and every
// ticket holder is mailed the calendar file again, in the change's transaction. Every change is in
// the audit trail.
import { isStricterRefundPolicy } from '@sports/contracts';
import type { EventRequest, OrganizerEventDetail } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { MailQueue } from '../mail/mail-queue';
import { queueRescheduledMails } from '../mail/rescheduled-mail';
import { calendarLocation, DEFAULT_VENUE } from '../orders/calendar';
import type { TicketSigner } from '../orders/ticket-signing';
import { AppError, notFound } from '../errors';
import { EVENT_MESSAGES, checkedFields, getOwnEvent, updateEventRequest } from './organizer-events.service';
import { pricingOf, pricingSnapshot, savePricing } from './event-pricing.service';
import type { OrganizerDeps } from './organizer-events.service';
import * as repo from './event-changes.repository';
import type { ChangeTargetRow } from './event-changes.repository';
import { findEventStatus, resubmitRejectedRequest } from './organizer-events.repository';
import type { EventFields } from './organizer-events.repository';

export const CHANGE_MESSAGES = {
  cancelled: 'This event has been cancelled: it can no longer be changed.',
  started: 'This event has already started: it can no longer be changed.',
  rejected: 'This request was rejected: change what the admin asked and send it again with Resubmit.',
  notRejected: 'Only a Rejected request can be resubmitted.',
  stricterRefund: 'Tickets are already sold under this refund policy: it may become more generous (more time to ask for a refund), never stricter.',
} as const;

export interface EventChangeDeps extends OrganizerDeps {
  signer: TicketSigner;
  mailQueue: MailQueue;
}

/**
 * PUT /api/organizer/events/:id: a Pending request is rewritten, an Approved event changed; with
 * how many ticket holders were mailed that it moved.
 */
export async function editOwnEvent(deps: EventChangeDeps, organizerId: number, eventId: number, input: EventRequest, ip: string): Promise<{ event: OrganizerEventDetail; holdersMailed: number }> {
  const status = await findEventStatus(deps.db, organizerId, eventId);
  if (status === null) throw notFound(EVENT_MESSAGES.notFound);
  if (status === 'Rejected') throw new AppError(409, CHANGE_MESSAGES.rejected);
  if (status === 'Pending') return { event: await updateEventRequest(deps, organizerId, eventId, input), holdersMailed: 0 };
  return changeApprovedEvent(deps, organizerId, eventId, input, ip);
}

type Field = keyof EventFields;
const TEXT_FIELDS = ['title', 'description', 'genre', 'bannerId'] as const satisfies readonly Field[];
const SALE_FIELDS = ['price', 'checkinOpensMinutes', 'checkinClosesMinutes', 'refundDaysBefore'] as const satisfies readonly Field[];
const SCHEDULE_FIELDS = ['startsAt', 'endsAt', 'venueName', 'streetName', 'cityCode', 'barangayCode'] as const satisfies readonly Field[];

type Snapshot = Record<Field, unknown>;

/** The event's fields as they stand, in the request's terms. */
function currentFields(t: ChangeTargetRow): Snapshot {
  return {
    title: t.title,
    description: t.description,
    genre: t.genre,
    bannerId: t.banner_id,
    venueName: t.venue_name,
    streetName: t.street_name,
    cityCode: t.city_code,
    barangayCode: t.barangay_code,
    startsAt: t.starts_at,
    endsAt: t.ends_at,
    price: t.price,
    checkinOpensMinutes: t.checkin_opens_minutes,
    checkinClosesMinutes: t.checkin_closes_minutes,
    refundDaysBefore: t.refund_days_before,
  };
}

const same = (a: unknown, b: unknown): boolean => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);
/** Absent in the request (null or undefined): the event keeps its value. */
const kept = (f: EventFields, field: Field): boolean => (field === 'refundDaysBefore' ? f.refundDaysBefore === undefined : f[field] === null);

/** The fields of `fields` that the change alters, with their values before and after. */
function changesOf(fields: readonly Field[], before: Snapshot, after: EventFields): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const changed = fields.filter((f) => !kept(after, f) && !same(before[f], after[f]));
  if (changed.length === 0) return null;
  const pick = (from: Snapshot | EventFields) => Object.fromEntries(changed.map((f) => [f, from[f] instanceof Date ? (from[f] as Date).toISOString() : from[f]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * One transaction: lock the event, refuse what may not change (cancelled, started, a stricter
 * refund policy once tickets are sold), write the change, its audit entries and, for a move, one
 * mail per paid order; the mail worker is kicked after the commit.
 */
async function changeApprovedEvent(deps: EventChangeDeps, organizerId: number, eventId: number, input: EventRequest, ip: string): Promise<{ event: OrganizerEventDetail; holdersMailed: number }> {
  const fields = await checkedFields(deps, organizerId, input);
  const now = deps.clock.now();
  const mailed = await deps.db.withTransaction(async (tx) => {
    const target = await repo.lockChangeTarget(tx, organizerId, eventId, now);
    if (!target) throw notFound(EVENT_MESSAGES.notFound);
    if (target.status !== 'Approved') throw new AppError(409, EVENT_MESSAGES.notPending);
    if (target.cancelled) throw new AppError(409, CHANGE_MESSAGES.cancelled);
    if (target.started) throw new AppError(409, CHANGE_MESSAGES.started);
    if (target.paid_orders > 0 && fields.refundDaysBefore !== undefined && isStricterRefundPolicy(target.refund_days_before, fields.refundDaysBefore)) {
      throw new AppError(409, CHANGE_MESSAGES.stricterRefund);
    }
    const before = currentFields(target);
    const pricingBefore = pricingSnapshot(await pricingOf(tx, eventId));
    await savePricing(tx, eventId, fields.pricing);
    const pricingAfter = pricingSnapshot(await pricingOf(tx, eventId));
    const pricingChanged = JSON.stringify(pricingBefore) !== JSON.stringify(pricingAfter);
    const fieldChanges = changesOf([...TEXT_FIELDS, ...SALE_FIELDS], before, fields);
    const edited = pricingChanged
      ? { before: { ...fieldChanges?.before, pricing: pricingBefore }, after: { ...fieldChanges?.after, pricing: pricingAfter } }
      : fieldChanges;
    // An event announced without an end or a time gets both now: that moves it in calendars too.
    const schedule = changesOf(SCHEDULE_FIELDS, before, fields) ?? (target.has_time ? null : { before: { hasTime: false }, after: { hasTime: true } });
    if (!edited && !schedule) return 0;
    const sequence = await repo.updateApprovedEvent(tx, eventId, fields, schedule !== null);
    if (edited) await logAction(tx, { at: now, actorId: organizerId, action: 'event.edited', subject: { eventId }, ip, data: edited });
    if (!schedule) return 0;
    const postponedFrom = target.starts_at.getTime() === fields.startsAt.getTime() ? target.postponed_from : target.postponed_from ?? target.starts_at;
    await logAction(tx, {
      at: now,
      actorId: organizerId,
      action: 'event.rescheduled',
      subject: { eventId },
      ip,
      data: { ...schedule, sequence, postponedFrom: postponedFrom && postponedFrom.getTime() !== fields.startsAt.getTime() ? postponedFrom.toISOString() : null },
    });
    const [oldPlace, newPlace] = await Promise.all([
      repo.findPlaceNames(tx, target.barangay_code, target.city_code),
      repo.findPlaceNames(tx, fields.barangayCode, fields.cityCode),
    ]);
    const place = (venueName: string | null, streetName: string | null, names: { barangay: string | null; city: string | null }) =>
      calendarLocation({ venueName, streetName, ...names }) ?? DEFAULT_VENUE;
    return queueRescheduledMails(
      { db: tx, clock: deps.clock, signer: deps.signer },
      {
        eventId,
        sequence,
        title: fields.title,
        before: { startsAt: target.starts_at, hasTime: target.has_time, place: place(target.venue_name, target.street_name, oldPlace) },
        after: { startsAt: fields.startsAt, hasTime: true, place: place(fields.venueName, fields.streetName, newPlace) },
        refundDaysBefore: fields.refundDaysBefore === undefined ? target.refund_days_before : fields.refundDaysBefore,
        at: now,
      },
      await repo.findPaidOrderIds(tx, eventId),
    );
  });
  if (mailed > 0) deps.mailQueue.kick();
  return { event: await getOwnEvent(deps, organizerId, eventId), holdersMailed: mailed };
}

/**
 * POST /api/organizer/events/:id/resubmit: the caller's Rejected request, with the changes asked
 * for, is Pending again and its reason cleared; the trail keeps the reason it answered.
 */
export async function resubmitEventRequest(deps: OrganizerDeps, organizerId: number, eventId: number, input: EventRequest, ip: string): Promise<OrganizerEventDetail> {
  const status = await findEventStatus(deps.db, organizerId, eventId);
  if (status === null) throw notFound(EVENT_MESSAGES.notFound);
  if (status !== 'Rejected') throw new AppError(409, CHANGE_MESSAGES.notRejected);
  const fields = await checkedFields(deps, organizerId, input);
  const now = deps.clock.now();
  await deps.db.withTransaction(async (tx) => {
    const done = await resubmitRejectedRequest(tx, organizerId, eventId, fields);
    // Resubmitted by another tab between the two statements: it is Pending now.
    if (!done) throw new AppError(409, CHANGE_MESSAGES.notRejected);
    await savePricing(tx, eventId, fields.pricing);
    await logAction(tx, { at: now, actorId: organizerId, action: 'event.resubmitted', subject: { eventId }, ip, data: { previousReason: done.reason } });
  });
  return getOwnEvent(deps, organizerId, eventId);
}
