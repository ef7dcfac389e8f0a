import { Router } from 'express';
import { LOCATION_TYPES, locationsQuerySchema, locationsResponseSchema } from '@sports/contracts';
import type { Queryable } from '../db';
import { sendJson } from '../http/reply';
import { parseQuery } from '../http/params';
import { listLocations } from './locations.service';

const BAD_QUERY = `type must be one of: ${LOCATION_TYPES.join(', ')}; id must be a single PSGC code`;

export function locationsRouter(db: Queryable): Router {
  const router = Router();

  /** SPEC §7: a plain JSON array of { id, name } (not wrapped in { success }), sorted by name. */
  router.get('/locations.php', async (req, res) => {
    const query = parseQuery(locationsQuerySchema, req.query, BAD_QUERY);
    sendJson(res.set('Cache-Control', 'public, max-age=3600'), locationsResponseSchema, await listLocations(db, query.type, query.id));
  });

  return router;
}
