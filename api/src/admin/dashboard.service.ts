import { DASHBOARD_LIST_SIZE } from '@sports/contracts';
import type { AdminDashboardResponse, SalesResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import * as repo from './dashboard.repository';

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Recent organizations: organizer accounts with the latest event request first; when fewer than
 * `limit` ever asked, the newest accounts without a request after them.
 */
export async function recentOrganizations(db: Queryable, limit: number): Promise<repo.OrganizationRow[]> {
  const ids = await repo.requestingOrganizers(db, limit);
  if (ids.length < limit) ids.push(...(await repo.newestOrganizersWithoutRequest(db, limit - ids.length)));
  return repo.organizationsWithTickets(db, ids);
}

/** The admin dashboard (PRODUCT §6): cards, recent organizations and pending inquiries, from the database. */
export async function dashboard(db: Queryable): Promise<AdminDashboardResponse> {
  const [cards, recent, pending, pendingTotal] = await Promise.all([
    repo.cards(db),
    recentOrganizations(db, DASHBOARD_LIST_SIZE),
    repo.pendingInquiries(db, DASHBOARD_LIST_SIZE),
    repo.countPendingInquiries(db),
  ]);
  return {
    success: true,
    cards: { ticketsCreated: cards.tickets_created, ticketsSold: cards.tickets_sold, accountsCreated: cards.accounts_created, activeUsers: cards.active_users },
    organizations: { recent, total: cards.organizations, tickets: cards.organization_tickets },
    inquiries: {
      pending: pending.map((i) => ({ id: i.id, name: i.name, email: i.email, message: i.message, receivedAt: i.created_at.toISOString(), date: i.date })),
      total: pendingTotal,
    },
  };
}

/** Tickets sold per month of `year` (default: the latest year with sales), all 12 months. */
export async function sales(db: Queryable, year: number | undefined): Promise<SalesResponse> {
  const years = await repo.salesYears(db);
  const chosen = year ?? years.at(-1) ?? (await repo.currentYear(db));
  const byMonth = new Map((await repo.salesByMonth(db, chosen)).map((r) => [r.month, r.tickets]));
  const months = MONTH_LABELS.map((label, i) => ({ month: i + 1, label, tickets: byMonth.get(i + 1) ?? 0 }));
  return { success: true, year: chosen, years, months, total: months.reduce((sum, m) => sum + m.tickets, 0) };
}
