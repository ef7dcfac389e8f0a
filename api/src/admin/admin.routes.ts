import { Router } from 'express';
import type { Request } from 'express';
import {
  accountStatusRequestSchema,
  accountStatusResponseSchema,
  adminAccountsQuerySchema,
  adminAccountsResponseSchema,
  adminEventDetailResponseSchema,
  adminEventsQuerySchema,
  adminEventsResponseSchema,
  adminFeedbackQuerySchema,
  adminFeedbackResponseSchema,
  adminInquiriesQuerySchema,
  adminInquiriesResponseSchema,
  approveEventRequestSchema,
  auditQuerySchema,
  auditResponseSchema,
  adminDashboardResponseSchema,
  adminRevenueResponseSchema,
  eventDecisionResponseSchema,
  rejectEventRequestSchema,
  respondInquiryRequestSchema,
  respondInquiryResponseSchema,
  salesQuerySchema,
  salesResponseSchema,
} from '@sports/contracts';
import type { AppContext } from '../context';
import { sessionUser } from '../auth/auth.middleware';
import { notFound } from '../errors';
import { clientIp } from '../http/client-ip';
import { parseQuery, parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { securityEvent } from '../http/security-log';
import { parseBody } from '../http/validate';
import { ACCOUNT_MESSAGES, listAccounts, listAudit, setAccountStatus } from './accounts.service';
import type { Actor } from './accounts.service';
import { dashboard, sales } from './dashboard.service';
import { adminRevenue } from './revenue.service';
import { EVENT_MESSAGES, decideEventRequest, listEventRequests } from './event-requests.service';
import { listFeedback } from './feedback.service';
import { listInquiries, respondToInquiry } from './inquiries.service';
import { findRole } from './accounts.repository';
import { findEventRequest } from './event-requests.repository';
import { getEventDetail, getRequestPoster } from './event-detail.service';
import type { PosterRenderer } from './event-detail.service';

/** `:id` of a route about `what` (an account, an event, an inquiry). */
function idParam(req: Request, what: string): number {
  return parseRouteId(req.params.id, `${what} id must be a positive whole number`);
}

function actorOf(req: Request): Actor {
  return { id: sessionUser(req).user_id, ip: clientIp(req) };
}

/** Everything under /api/admin; app.ts mounts it behind requireRole('Admin'). No answer is cached. */
export function adminRouter(ctx: AppContext, art: { renderPoster: PosterRenderer }): Router {
  const router = Router();
  const { db } = ctx;
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  // ── Dashboard
  router.get('/dashboard', async (_req, res) => {
    sendJson(res, adminDashboardResponseSchema, await dashboard(db));
  });
  router.get('/dashboard/revenue', async (_req, res) => {
    sendJson(res, adminRevenueResponseSchema, await adminRevenue(db));
  });
  router.get('/dashboard/sales', async (req, res) => {
    const { year } = parseQuery(salesQuerySchema, req.query);
    sendJson(res, salesResponseSchema, await sales(db, year));
  });

  // ── Accounts
  router.get('/accounts', async (req, res) => {
    sendJson(res, adminAccountsResponseSchema, await listAccounts(db, parseQuery(adminAccountsQuerySchema, req.query)));
  });
  router.post('/accounts/:id/status', async (req, res) => {
    const id = idParam(req, 'Account');
    const input = parseBody(accountStatusRequestSchema, req.body);
    const actor = actorOf(req);
    const result = await setAccountStatus(db, actor, id, input);
    if (result.changed) securityEvent(req.log, req, { event: 'account_changed', accountId: id, actorId: actor.id, change: { status: result.account.status } });
    sendJson(res, accountStatusResponseSchema, { success: true, ...result });
  });
  router.get('/accounts/:id/audit', async (req, res) => {
    const id = idParam(req, 'Account');
    const { page } = parseQuery(auditQuerySchema, req.query);
    if (!(await findRole(db, id))) throw notFound(ACCOUNT_MESSAGES.notFound);
    sendJson(res, auditResponseSchema, await listAudit(db, 'user', id, page ?? 1));
  });

  // ── Manage Events
  router.get('/events', async (req, res) => {
    sendJson(res, adminEventsResponseSchema, await listEventRequests(db, parseQuery(adminEventsQuerySchema, req.query)));
  });
  router.post('/events/:id/approve', async (req, res) => {
    const id = idParam(req, 'Event');
    parseBody(approveEventRequestSchema, req.body);
    sendJson(res, eventDecisionResponseSchema, { success: true, ...(await decideEventRequest(ctx, actorOf(req), id, { status: 'Approved' })) });
  });
  router.post('/events/:id/reject', async (req, res) => {
    const id = idParam(req, 'Event');
    const { reason } = parseBody(rejectEventRequestSchema, req.body);
    sendJson(res, eventDecisionResponseSchema, { success: true, ...(await decideEventRequest(ctx, actorOf(req), id, { status: 'Rejected', reason })) });
  });
  router.get('/events/:id', async (req, res) => {
    sendJson(res, adminEventDetailResponseSchema, { success: true, event: await getEventDetail(db, idParam(req, 'Event'), ctx.config.booking.lawDiscountPercent) });
  });
  router.get('/events/:id/image.svg', async (req, res) => {
    const svg = await getRequestPoster(db, art.renderPoster, idParam(req, 'Event'));
    // Shown by the admin remote, another origin of the same site.
    res.set('Cross-Origin-Resource-Policy', 'same-site').type('image/svg+xml').send(svg);
  });
  router.get('/events/:id/audit', async (req, res) => {
    const id = idParam(req, 'Event');
    const { page } = parseQuery(auditQuerySchema, req.query);
    if (!(await findEventRequest(db, id))) throw notFound(EVENT_MESSAGES.notFound);
    sendJson(res, auditResponseSchema, await listAudit(db, 'event', id, page ?? 1));
  });

  // ── Feedback and inquiries
  router.get('/feedback', async (req, res) => {
    const { page } = parseQuery(adminFeedbackQuerySchema, req.query);
    sendJson(res, adminFeedbackResponseSchema, await listFeedback(db, page ?? 1));
  });
  router.get('/inquiries', async (req, res) => {
    sendJson(res, adminInquiriesResponseSchema, await listInquiries(db, parseQuery(adminInquiriesQuerySchema, req.query)));
  });
  router.post('/inquiries/:id/respond', async (req, res) => {
    const id = idParam(req, 'Inquiry');
    const { message } = parseBody(respondInquiryRequestSchema, req.body);
    sendJson(res, respondInquiryResponseSchema, { success: true, inquiry: await respondToInquiry(ctx, actorOf(req), id, message) });
  });

  return router;
}
