import { Router } from 'express';
import { healthResponseSchema } from '@sports/contracts';
import type { Db } from '../db';
import { sendJson } from '../http/reply';

/** How long the database may take to answer `SELECT 1` before the API reports it down. */
export const HEALTH_TIMEOUT_MS = 2_000;

export function healthRouter(db: Db): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await db.ping(HEALTH_TIMEOUT_MS);
    sendJson(res.set('Cache-Control', 'no-store'), healthResponseSchema, up ? { success: true, database: 'up' } : { success: false, database: 'down' }, up ? 200 : 503);
  });
  return router;
}
