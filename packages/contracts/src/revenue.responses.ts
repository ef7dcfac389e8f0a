// Revenue (PRODUCT §11): the organizer's (GET /api/organizer/dashboard/revenue?eventId=) and the
// admin's across all organizers (GET /api/admin/dashboard/revenue). Amounts are pesos.
//   gross      the base prices of the tickets sold (paid, including those refunded since)
//   discounts  taken off them, by kind: law (Senior Citizen, PWD), category (Student, Child), code (promo codes)
//   refunds    paid back for the tickets of orders refunded or being refunded
//   net        gross - discounts (all kinds) - refunds
import * as z from 'zod/mini';
import { TICKET_CATEGORIES } from './pricing';

const id = z.int().check(z.positive());
const count = z.int().check(z.nonnegative());
const pesos = z.number();

export const revenueFiguresSchema = z.object({
  tickets: count,
  gross: pesos,
  discounts: z.object({ law: pesos, category: pesos, code: pesos }),
  refundedTickets: count,
  refunds: pesos,
  net: pesos,
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

/** A Manila day (YYYY-MM-DD): tickets sold, what was paid for them (after discounts), and what was refunded that day. */
export const revenueDaySchema = z.object({ date: z.string(), tickets: count, sales: pesos, refunds: pesos });
export type RevenueDay = z.infer<typeof revenueDaySchema>;

/** The days a revenue chart covers: the last 30 Manila days, today included. */
export const REVENUE_DAYS = 30;

/**
 * The organizer's revenue: in all, per event, per section and per ticket category (each list
 * highest net first, only what sold), and the last REVENUE_DAYS Manila days.
 */
export const organizerRevenueResponseSchema = z.object({
  success: z.literal(true),
  eventId: z.nullable(id),
  asOf: z.string(),
  total: revenueFiguresSchema,
  events: z.array(z.extend(revenueFiguresSchema, { id, name: z.string() })),
  sections: z.array(z.extend(revenueFiguresSchema, { id, name: z.string() })),
  categories: z.array(z.extend(revenueFiguresSchema, { category: z.enum(TICKET_CATEGORIES) })),
  days: z.array(revenueDaySchema),
});
export type OrganizerRevenueResponse = z.infer<typeof organizerRevenueResponseSchema>;

/** Every organizer's revenue together, and per ticket category. */
export const adminRevenueResponseSchema = z.object({
  success: z.literal(true),
  asOf: z.string(),
  total: revenueFiguresSchema,
  categories: z.array(z.extend(revenueFiguresSchema, { category: z.enum(TICKET_CATEGORIES) })),
  days: z.array(revenueDaySchema),
});
export type AdminRevenueResponse = z.infer<typeof adminRevenueResponseSchema>;

/** The columns of the orders CSV (GET /api/organizer/events/:id/orders.csv): one line per ticket. */
export const ORDERS_CSV_HEADER = [
  'Transaction Number',
  'Paid At (Asia/Manila)',
  'Buyer',
  'Section',
  'Seat',
  'Category',
  'Base Price',
  'Discount',
  'Discount Kind',
  'Promo Code',
  'Price',
  'Refund Status',
] as const;

/** How the CSV names a discount's kind. */
export const DISCOUNT_KIND_LABELS = { law: 'Law (Senior Citizen, PWD)', category: 'Category', code: 'Promo code' } as const;
