// The admin dashboard's revenue: every organizer's events together (PRODUCT §11).
import { REVENUE_DAYS } from '@sports/contracts';
import type { AdminRevenueResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import { revenueReport, splitRevenue } from '../orders/revenue';

export async function adminRevenue(db: Queryable, now: Date = new Date()): Promise<AdminRevenueResponse> {
  const { rows, days } = await revenueReport(db, { all: true }, now, REVENUE_DAYS);
  const { total, categories } = splitRevenue(rows);
  return { success: true, asOf: now.toISOString(), total, categories, days };
}
