import { Router } from 'express';
import {
  attendeesQuerySchema,
  attendeesResponseSchema,
  citiesQuerySchema,
  citiesResponseSchema,
  dashboardQuerySchema,
  dashboardResponseSchema,
  eventOptionsResponseSchema,
  eventRequestSchema,
  organizerEventDetailResponseSchema,
  organizerEventSavedResponseSchema,
  organizerEventsQuerySchema,
  organizerEventsResponseSchema,
  organizerRevenueResponseSchema,
  pricingOptionsResponseSchema,
  EVENT_PRICE_MAX,
  seatPlanRequestSchema,
  seatPlanResponseSchema,
} from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import type { Clock } from '../clock';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { parseQuery, parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import type { TicketSigner } from '../orders/ticket-signing';
import type { FileStore } from '../uploads/file-store';
import { exportAttendeesCsv, listAttendees } from './attendees.service';
import { dashboard } from './dashboard.service';
import { editOwnEvent, resubmitEventRequest } from './event-changes.service';
import { exportOrdersCsv } from './orders-export.service';
import { organizerRevenue } from './revenue.service';
import { createEventRequest, getOwnEvent, listEventOptions, listOwnEvents, searchCities } from './organizer-events.service';
import { applySeatPlan, getSeatPlan } from './seat-plan.service';
import { pricingOptions } from './event-pricing.service';

/** What the organizer area's routers need besides the app context: its clock, the ticket verifier and the banner store. */
export interface OrganizerContext extends AppContext {
  clock: Clock;
  signer: TicketSigner;
  files: FileStore;
}

const noStore = { 'Cache-Control': 'no-store' };
const BAD_EVENT_ID = 'Event id must be a positive whole number';

/**
 * The organizer area's own screens under /api/organizer; app.ts mounts it behind requireRole('Organizer'),
 * beside the banner upload, check-in and reviews routers of the same area. Only the caller's own data.
 */
export function organizerRouter(ctx: OrganizerContext): Router {
  const router = Router();
  const callerOf = (req: Parameters<typeof sessionUser>[0]): number => sessionUser(req).user_id;

  // Event List (paged) and the event selectors.
  router.get('/events', async (req, res) => {
    const q = parseQuery(organizerEventsQuerySchema, req.query);
    sendJson(res.set(noStore), organizerEventsResponseSchema, { success: true, ...(await listOwnEvents(ctx.db, ctx.clock.now(), callerOf(req), q)) });
  });

  router.get('/event-options', async (req, res) => {
    sendJson(res.set(noStore), eventOptionsResponseSchema, { success: true, ...(await listEventOptions(ctx, callerOf(req))) });
  });

  // Create Event.
  router.get('/cities', async (req, res) => {
    const { search } = parseQuery(citiesQuerySchema, req.query);
    sendJson(res.set('Cache-Control', 'private, max-age=300'), citiesResponseSchema, { success: true, cities: await searchCities(ctx.db, search) });
  });

  router.get('/pricing-options', async (_req, res) => {
    sendJson(res.set(noStore), pricingOptionsResponseSchema, { success: true, ...(await pricingOptions(ctx.db, ctx.config.booking.lawDiscountPercent, EVENT_PRICE_MAX)) });
  });

  router.post('/events', async (req, res) => {
    const input = parseBody(eventRequestSchema, req.body);
    sendJson(res.set(noStore), organizerEventDetailResponseSchema, { success: true, event: await createEventRequest(ctx, callerOf(req), input) }, 201);
  });

  router.get('/events/:id', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    sendJson(res.set(noStore), organizerEventDetailResponseSchema, { success: true, event: await getOwnEvent(ctx, callerOf(req), id) });
  });

  router.put('/events/:id', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const input = parseBody(eventRequestSchema, req.body);
    sendJson(res.set(noStore), organizerEventSavedResponseSchema, { success: true, ...(await editOwnEvent(ctx, callerOf(req), id, input, clientIp(req))) });
  });

  // Event List: a Rejected request, edited, sent again for the admin's decision.
  router.post('/events/:id/resubmit', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const input = parseBody(eventRequestSchema, req.body);
    sendJson(res.set(noStore), organizerEventDetailResponseSchema, { success: true, event: await resubmitEventRequest(ctx, callerOf(req), id, input, clientIp(req)) });
  });

  // Seat Planning.
  router.get('/events/:id/seat-plan', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    sendJson(res.set(noStore), seatPlanResponseSchema, { success: true, ...(await getSeatPlan(ctx, callerOf(req), id)) });
  });

  router.put('/events/:id/seat-plan', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const input = parseBody(seatPlanRequestSchema, req.body);
    sendJson(res.set(noStore), seatPlanResponseSchema, { success: true, ...(await applySeatPlan(ctx, callerOf(req), id, input, clientIp(req))) });
  });

  // Attendee List and its CSV export.
  router.get('/events/:id/attendees', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const q = parseQuery(attendeesQuerySchema, req.query);
    sendJson(res.set(noStore), attendeesResponseSchema, { success: true, ...(await listAttendees(ctx.db, callerOf(req), id, q)) });
  });

  router.get('/events/:id/attendees.csv', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const q = parseQuery(attendeesQuerySchema, req.query);
    const { filename, csv } = await exportAttendeesCsv(ctx.db, callerOf(req), id, q);
    res
      .set({ ...noStore, 'Content-Disposition': `attachment; filename="${filename}"` })
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  // The orders of one event, one line per ticket with its price, as CSV.
  router.get('/events/:id/orders.csv', async (req, res) => {
    const id = parseRouteId(req.params.id, BAD_EVENT_ID);
    const { filename, csv } = await exportOrdersCsv(ctx.db, callerOf(req), id);
    res
      .set({ ...noStore, 'Content-Disposition': `attachment; filename="${filename}"` })
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  router.get('/dashboard/revenue', async (req, res) => {
    const { eventId } = parseQuery(dashboardQuerySchema, req.query);
    sendJson(res.set(noStore), organizerRevenueResponseSchema, { success: true, ...(await organizerRevenue(ctx, callerOf(req), eventId ?? null)) });
  });

  router.get('/dashboard', async (req, res) => {
    const { eventId } = parseQuery(dashboardQuerySchema, req.query);
    sendJson(res.set(noStore), dashboardResponseSchema, { success: true, ...(await dashboard(ctx, callerOf(req), eventId ?? null)) });
  });

  return router;
}
