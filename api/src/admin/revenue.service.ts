// The admin dashboard's revenue: every organizer's events together (PRODUCT §11).
import { REVENUE_DAYS } from '@sports/contracts';
import type { AdminRevenueResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import { revenueByDay, revenueTotals, splitRevenue } from '../orders/revenue';

export async function adminRevenue(db: Queryable, now: Date = new Date()): Promise<AdminRevenueResponse> {
  const scope = { all: true } as const;
  const [totals, days] = await Promise.all([revenueTotals(db, scope), revenueByDay(db, scope, now, REVENUE_DAYS)]);
  const { total, categories } = splitRevenue(totals);
  return { success: true, asOf: now.toISOString(), total, categories, days };
}
