import { Router } from 'express';
import { gateSnapshotQuerySchema, gateSnapshotResponseSchema, gateSyncRequestSchema, gateSyncResponseSchema } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import { clientIp } from '../http/client-ip';
import { parseQuery, parseRouteId } from '../http/params';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import type { CheckinDeps } from './checkin.service';
import { gateSnapshot, syncGateScans } from './gate-service';

const noStore = { 'Cache-Control': 'no-store' };

/** Where a gate sends its scans, and the JSON body that path accepts: 5,000 scans are about 700 KB. */
export const GATE_SYNC_PATH = '/api/organizer/events/:id/gate/scans';
export const GATE_SYNC_JSON_LIMIT = '1mb';

/** The offline gate's calls; mounted with the check-in routes (/api/organizer, Organizer only). */
export function gateRouter(deps: CheckinDeps): Router {
  const router = Router();

  router.get('/events/:id/gate', async (req, res) => {
    const eventId = parseRouteId(req.params.id, 'Event id must be a positive whole number');
    const { device } = parseQuery(gateSnapshotQuerySchema, req.query);
    sendJson(res.set(noStore), gateSnapshotResponseSchema, await gateSnapshot(deps, sessionUser(req).user_id, eventId, device));
  });

  router.post('/events/:id/gate/scans', async (req, res) => {
    const eventId = parseRouteId(req.params.id, 'Event id must be a positive whole number');
    const input = parseBody(gateSyncRequestSchema, req.body);
    sendJson(res.set(noStore), gateSyncResponseSchema, await syncGateScans(deps, sessionUser(req).user_id, eventId, input, clientIp(req)));
  });

  return router;
}
