import { Router } from 'express';
import { sectionsQuerySchema, sectionsResponseSchema } from '@sports/contracts';
import type { Queryable } from '../db';
import { sendJson } from '../http/reply';
import { parseInput } from '../http/validate';
import { listSections } from './sections.service';

export function sectionsRouter(db: Queryable): Router {
  const router = Router();
  router.get('/sections', async (req, res) => {
    const { event_id } = parseInput(sectionsQuerySchema, req.query, 'event_id must be an event id');
    sendJson(res, sectionsResponseSchema, { success: true, sections: await listSections(db, event_id) });
  });
  return router;
}
