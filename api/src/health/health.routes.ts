import { Router } from 'express';
import type { HealthResponse } from '@sports/contracts';
import type { Db } from '../db';

/** How long the database may take to answer `SELECT 1` before the API reports it down. */
export const HEALTH_TIMEOUT_MS = 2_000;

export function healthRouter(db: Db): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const up = await db.ping(HEALTH_TIMEOUT_MS);
    const body: HealthResponse = up ? { success: true, database: 'up' } : { success: false, database: 'down' };
    res.status(up ? 200 : 503).set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
