import { Router } from 'express';
import type { SectionsResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import { listSections } from './sections.service';

export function sectionsRouter(db: Queryable): Router {
  const router = Router();
  router.get('/sections', async (_req, res) => {
    const body: SectionsResponse = { success: true, sections: await listSections(db) };
    res.json(body);
  });
  return router;
}
