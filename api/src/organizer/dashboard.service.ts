// Dashboard (PRODUCT §5): the four cards and the three charts, computed from the caller's paid
// tickets (DASHBOARD_CARD_DEFINITIONS says exactly what each card counts). "Ticket type" is the
// seating section a ticket is for.
import type { DashboardResponse } from '@sports/contracts';
import { notFound } from '../errors';
import * as repo from './dashboard.repository';
import { findOwnEventName } from './attendees.repository';
import { EVENT_MESSAGES } from './organizer-events.service';
import type { OrganizerDeps } from './organizer-events.service';

export const PROGRESS_DAYS = 30;

export async function dashboard(deps: OrganizerDeps, organizerId: number, eventId: number | null): Promise<Omit<DashboardResponse, 'success'>> {
  const now = deps.clock.now();
  if (eventId !== null && (await findOwnEventName(deps.db, eventId, organizerId)) === null) throw notFound(EVENT_MESSAGES.notFound);
  const [cards, byType, progress] = await Promise.all([
    repo.countCards(deps.db, organizerId, eventId, now),
    repo.countByType(deps.db, organizerId, eventId, now),
    repo.reservationProgress(deps.db, organizerId, eventId, now, PROGRESS_DAYS),
  ]);
  return {
    eventId,
    asOf: now.toISOString(),
    cards: { noShows: cards.no_shows, dueToday: cards.due_today, open: cards.open, all: cards.all },
    charts: {
      reservedByType: byType.map((r) => ({ type: r.type, tickets: r.tickets })),
      reservationProgress: progress,
      noShowsByType: byType
        .filter((r) => r.no_shows > 0)
        .sort((a, b) => b.no_shows - a.no_shows || a.type.localeCompare(b.type))
        .map((r) => ({ type: r.type, tickets: r.no_shows })),
    },
  };
}
