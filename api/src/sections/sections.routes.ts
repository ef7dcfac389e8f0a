import { Router } from 'express';
import { sectionsResponseSchema } from '@sports/contracts';
import type { Queryable } from '../db';
import { sendJson } from '../http/reply';
import { listSections } from './sections.service';

export function sectionsRouter(db: Queryable): Router {
  const router = Router();
  router.get('/sections', async (_req, res) => {
    sendJson(res, sectionsResponseSchema, { success: true, sections: await listSections(db) });
  });
  return router;
}
