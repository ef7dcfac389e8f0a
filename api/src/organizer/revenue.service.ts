// The Dashboard's revenue (PRODUCT §11): the caller's events, in all or one of them.
import { REVENUE_DAYS } from '@sports/contracts';
import type { OrganizerRevenueResponse } from '@sports/contracts';
import { notFound } from '../errors';
import { revenueReport, splitRevenue } from '../orders/revenue';
import { findOwnEventName } from './attendees.repository';
import { EVENT_MESSAGES } from './organizer-events.service';
import type { OrganizerDeps } from './organizer-events.service';

export async function organizerRevenue(deps: OrganizerDeps, organizerId: number, eventId: number | null): Promise<Omit<OrganizerRevenueResponse, 'success'>> {
  const now = deps.clock.now();
  if (eventId !== null && (await findOwnEventName(deps.db, eventId, organizerId)) === null) throw notFound(EVENT_MESSAGES.notFound);
  const { rows, days } = await revenueReport(deps.db, { organizerId, eventId }, now, REVENUE_DAYS);
  return { eventId, asOf: now.toISOString(), ...splitRevenue(rows), days };
}
