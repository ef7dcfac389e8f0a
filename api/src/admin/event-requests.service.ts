import { EVENT_REQUESTS_PAGE_SIZE } from '@sports/contracts';
import type { AdminEventRequest, AdminEventsQuery, AdminEventsResponse } from '@sports/contracts';
import type { AppContext } from '../context';
import type { Queryable } from '../db';
import { AppError, notFound } from '../errors';
import type { Actor } from './accounts.service';
import { logAction } from '../audit/log-action';
import * as repo from './event-requests.repository';
import type { EventRequestRow } from './event-requests.repository';
import { offsetOf, pageCount } from '../db/sql';
import { enqueueMail } from '../mail/mail-queue';
import { DEV_SITE_ORIGIN } from '../mail/ticket-mail';
import { decisionMail } from './event-decision-mail';

export const EVENT_MESSAGES = {
  notFound: 'Event not found.',
  alreadyApproved: 'This event request was already approved: it cannot be rejected now.',
  alreadyRejected: 'This event request was already rejected: it cannot be approved now.',
  started: 'This event has already started: it can no longer be approved.',
} as const;

const TYPE_LABELS = { sports: 'Sports', concert: 'Concert', community: 'Community' } as const;

export function toEventRequest(r: EventRequestRow): AdminEventRequest {
  return {
    id: r.id,
    name: r.title,
    genre: r.genre,
    type: TYPE_LABELS[r.genre],
    duration: r.duration,
    timeRange: r.time_range,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at ? r.ends_at.toISOString() : null,
    status: r.status,
    rejectionReason: r.rejection_reason,
    organizer: r.organizer_id !== null ? { id: r.organizer_id, name: r.organizer_name ?? '', email: r.organizer_email ?? '' } : null,
    organizerName: r.organizer_line ?? r.organizer_name,
    submitted: r.submitted,
    reviewedBy: r.reviewer_id !== null ? { id: r.reviewer_id, name: r.reviewer_name ?? '', email: r.reviewer_email ?? '' } : null,
    reviewedAt: r.reviewed_at ? r.reviewed_at.toISOString() : null,
  };
}

/** Manage Events: every event request, Pending first then newest, 10 a page, searched and filtered on the server. */
export async function listEventRequests(db: Queryable, query: AdminEventsQuery): Promise<AdminEventsResponse> {
  const page = query.page ?? 1;
  const filter = { search: query.search || null, status: query.status ?? null };
  const [total, rows, statusCounts] = await Promise.all([
    repo.countEventRequests(db, filter),
    repo.findEventRequests(db, filter, EVENT_REQUESTS_PAGE_SIZE, offsetOf(page, EVENT_REQUESTS_PAGE_SIZE)),
    repo.countByStatus(db),
  ]);
  return {
    success: true,
    events: rows.map(toEventRequest),
    page,
    pageSize: EVENT_REQUESTS_PAGE_SIZE,
    totalPages: pageCount(total, EVENT_REQUESTS_PAGE_SIZE),
    total,
    statusCounts,
  };
}

export type Decision = { status: 'Approved' } | { status: 'Rejected'; reason: string };

/** Where an organizer edits and resends a rejected request. */
export const eventListUrl = (publicOrigin: string | null): string => `${publicOrigin ?? DEV_SITE_ORIGIN}/organizer/event-list`;

export type DecisionDeps = Pick<AppContext, 'db' | 'mailQueue'> & { config: Pick<AppContext['config'], 'publicOrigin'> };

/**
 * Approves or rejects a Pending request (PRODUCT §6) with its audit row and the organizer's mail,
 * in one transaction that holds the event's row lock; the mail queue is kicked after the commit.
 * The same decision again is harmless (nothing changes, nothing is written or mailed; a second
 * rejection keeps the first reason); the other decision on a decided request is a 409, and so is
 * approving an event that has already started.
 */
export async function decideEventRequest(deps: DecisionDeps, actor: Actor, eventId: number, decision: Decision): Promise<{ event: AdminEventRequest; changed: boolean }> {
  const result = await deps.db.withTransaction(async (tx) => {
    const event = await repo.lockEvent(tx, eventId);
    if (!event) throw notFound(EVENT_MESSAGES.notFound);
    const changed = event.status !== decision.status;
    let mailed = false;
    if (changed) {
      if (event.status === 'Approved') throw new AppError(409, EVENT_MESSAGES.alreadyApproved);
      if (event.status === 'Rejected') throw new AppError(409, EVENT_MESSAGES.alreadyRejected);
      if (decision.status === 'Approved' && event.started) throw new AppError(409, EVENT_MESSAGES.started);
      const reason = decision.status === 'Rejected' ? decision.reason : null;
      const decidedAt = await repo.recordDecision(tx, eventId, { status: decision.status, reason, adminId: actor.id });
      await logAction(tx, {
        actorId: actor.id,
        action: decision.status === 'Approved' ? 'event.approved' : 'event.rejected',
        subject: { eventId },
        data: { before: { status: event.status }, after: { status: decision.status, ...(reason ? { reason } : {}) } },
        ip: actor.ip,
      });
      const facts = await repo.findDecisionMailFacts(tx, eventId);
      if (facts) {
        // A request can be rejected, resubmitted and decided again: each decision is its own news.
        const key = `event-decision:${eventId}:${decision.status}:${decidedAt.toISOString()}`;
        mailed = await enqueueMail(tx, decisionMail(facts, decision, eventListUrl(deps.config.publicOrigin)), key);
      }
    }
    const row = await repo.findEventRequest(tx, eventId);
    if (!row) throw notFound(EVENT_MESSAGES.notFound);
    return { event: toEventRequest(row), changed, mailed };
  });
  if (result.mailed) deps.mailQueue.kick();
  return { event: result.event, changed: result.changed };
}
