import { Router } from 'express';
import type { OrganizerEventsResponse } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import type { AppContext } from '../context';
import { listOwnEvents } from './organizer-events.service';

/** Everything under /api/organizer; app.ts mounts it behind requireRole('Organizer'). Only the caller's own data. */
export function organizerRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/events', async (req, res) => {
    const body: OrganizerEventsResponse = { success: true, events: await listOwnEvents(ctx.db, sessionUser(req).user_id) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  return router;
}
