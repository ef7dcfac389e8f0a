import { Router } from 'express';
import type { Request } from 'express';
import {
  adminOrganizerApplicationsQuerySchema,
  adminOrganizerApplicationsResponseSchema,
  approveOrganizerApplicationSchema,
  declineOrganizerApplicationSchema,
  myOrganizerApplicationResponseSchema,
  organizerApplicationDecisionResponseSchema,
  organizerApplicationRequestSchema,
  organizerApplicationSentResponseSchema,
} from '@sports/contracts';
import type { AppContext } from '../context';
import { requireSession, sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { parseQuery, parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import { apply, decideApplication, latestApplication, listApplications } from './organizer-applications.service';
import type { Actor } from './organizer-applications.service';

/** "Ticket your Event": a signed-in visitor applies and reads where their application stands. */
export function organizerApplicationsRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/organizer-applications', requireSession, async (req, res) => {
    const user = sessionUser(req);
    const input = parseBody(organizerApplicationRequestSchema, req.body);
    sendJson(res, organizerApplicationSentResponseSchema, { success: true, application: await apply(ctx.db, user, input) }, 201);
  });
  router.get('/my/organizer-application', requireSession, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    sendJson(res, myOrganizerApplicationResponseSchema, { success: true, application: await latestApplication(ctx.db, sessionUser(req).user_id) });
  });
  return router;
}

function idOf(req: Request): number {
  return parseRouteId(req.params.id, 'Application id must be a positive whole number');
}

function actorOf(req: Request): Actor {
  return { id: sessionUser(req).user_id, ip: clientIp(req) };
}

/** The admins' side, under /api/admin (app.ts mounts it behind requireRole('Admin')). */
export function organizerApplicationsAdminRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/organizer-applications', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    sendJson(res, adminOrganizerApplicationsResponseSchema, await listApplications(ctx.db, parseQuery(adminOrganizerApplicationsQuerySchema, req.query)));
  });
  router.post('/organizer-applications/:id/approve', async (req, res) => {
    const id = idOf(req);
    parseBody(approveOrganizerApplicationSchema, req.body);
    sendJson(res, organizerApplicationDecisionResponseSchema, { success: true, application: await decideApplication(ctx, actorOf(req), id, { status: 'approved' }) });
  });
  router.post('/organizer-applications/:id/decline', async (req, res) => {
    const id = idOf(req);
    const { reason } = parseBody(declineOrganizerApplicationSchema, req.body);
    sendJson(res, organizerApplicationDecisionResponseSchema, {
      success: true,
      application: await decideApplication(ctx, actorOf(req), id, { status: 'declined', reason: reason ?? null }),
    });
  });
  return router;
}
