import { ORGANIZER_EVENTS_SHOWN } from '@sports/contracts';
import type { AdminEventDetail, EventHistoryEntry, EventHistoryStep, EventSeating, Genre } from '@sports/contracts';
import type { Queryable } from '../db';
import { notFound } from '../errors';
import { eventPage } from '../events/event-page';
import { bannerUrl } from '../uploads/banners.service';
import * as repo from './event-detail.repository';
import type { EventDetailRow, HistoryRow, HistoryTrailAction } from './event-detail.repository';
import { findEventRequest } from './event-requests.repository';
import { EVENT_MESSAGES, toEventRequest } from './event-requests.service';

/** The generated poster of an event without a banner, whatever its status (the public one shows approved events only). */
export const adminPosterPath = (id: number): string => `/api/admin/events/${id}/image.svg`;

const STEPS: Record<HistoryTrailAction, EventHistoryStep> = {
  'event.approved': 'approved',
  'event.rejected': 'rejected',
  'event.resubmitted': 'resubmitted',
  'event.edited': 'edited',
  'event.rescheduled': 'rescheduled',
  'event.cancelled': 'cancelled',
};

/** A value of the trail's free-form `data` as a line a person reads. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A trail row as a history step: the reason (rejection, cancellation) and the fields changed before -> after. */
function toHistoryEntry(row: HistoryRow): EventHistoryEntry {
  const before = record(row.data.before);
  const after = record(row.data.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => f !== 'reason');
  return {
    step: STEPS[row.action],
    actor: row.actor_id !== null ? { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' } : null,
    at: row.at.toISOString(),
    date: row.date,
    time: row.time,
    reason: asText(after.reason ?? row.data.reason),
    changes: fields.map((field) => ({ field, before: asText(before[field]), after: asText(after[field]) })),
  };
}

async function seatingOf(db: Queryable, eventId: number): Promise<EventSeating> {
  const plan = await repo.findSeatPlan(db, eventId);
  if (plan) return { capacity: plan.capacity, plan: { rows: plan.seat_rows, columns: plan.seat_columns }, sections: [] };
  const sections = (await repo.findArenaSections(db)).map((r) => ({
    id: r.id,
    label: r.label,
    capacity: r.capacity,
    level: r.level,
    map: { x: r.map_x, y: r.map_y, width: r.map_width, height: r.map_height },
  }));
  return { capacity: sections.reduce((sum, s) => sum + s.capacity, 0), plan: null, sections };
}

function submittedStep(detail: EventDetailRow, organizer: AdminEventDetail['organizer']): EventHistoryEntry {
  return { step: 'submitted', actor: organizer, at: detail.created_at.toISOString(), date: detail.created_date, time: detail.created_time, reason: null, changes: [] };
}

/**
 * GET /api/admin/events/:id: one request in full, for the admin to see what they decide on; its
 * preview is the public event page's answer (prices per section, ticket categories, refund
 * policy), with the generated poster of a request that has no banner.
 */
export async function getEventDetail(db: Queryable, id: number, lawDiscountPercent: number): Promise<AdminEventDetail> {
  const [row, detail, page] = await Promise.all([findEventRequest(db, id), repo.findEventDetail(db, id), eventPage(db, id, lawDiscountPercent, false)]);
  if (!row || !detail || !page) throw notFound(EVENT_MESSAGES.notFound);
  const [seating, organizerEvents, history] = await Promise.all([
    seatingOf(db, id),
    detail.organizer_user_id !== null ? repo.findOrganizerEvents(db, detail.organizer_user_id, id, ORGANIZER_EVENTS_SHOWN) : { rows: [], total: 0 },
    repo.findHistory(db, id),
  ]);
  const request = toEventRequest(row);
  return {
    ...request,
    description: detail.description,
    about: detail.about,
    bannerUrl: detail.banner_id ? bannerUrl(detail.banner_id) : null,
    price: detail.price,
    isFree: detail.price === 0,
    venue: { name: detail.venue_name, street: detail.street_name, barangay: detail.barangay_name, city: detail.city_name, province: detail.province_name },
    seating,
    cancelledAt: detail.cancelled_at ? detail.cancelled_at.toISOString() : null,
    cancelReason: detail.cancel_reason,
    organizerEvents: organizerEvents.rows.map((e) => ({ id: e.id, name: e.title, date: e.date, status: e.status, cancelled: e.cancelled })),
    organizerEventCount: organizerEvents.total,
    history: [submittedStep(detail, request.organizer), ...history.map(toHistoryEntry)],
    preview: { ...page, img: detail.banner_id ? page.img : adminPosterPath(id) },
  };
}

/** Draws an event's generated poster with its title (the events feature's art, handed in by app.ts). */
export type PosterRenderer = (input: { title: string; genre: Genre; date: string; time: string | null; hue: number }) => string;

/** The generated poster of any event request, for the preview of one without a banner. */
export async function getRequestPoster(db: Queryable, render: PosterRenderer, id: number): Promise<string> {
  const d = await repo.findEventDetail(db, id);
  if (!d) throw notFound(EVENT_MESSAGES.notFound);
  return render({ title: d.title, genre: d.genre, date: d.date, time: d.time, hue: d.image_hue });
}
