import { Router } from 'express';
import { adminAccountsQuerySchema } from '@sports/contracts';
import type { AdminAccountsResponse } from '@sports/contracts';
import type { AppContext } from '../context';
import { assertNoNul } from '../http/nul-guard';
import { parseInput } from '../http/validate';
import { listAccounts } from './accounts.service';

/** Everything under /api/admin; app.ts mounts it behind requireRole('Admin'). */
export function adminRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/accounts', async (req, res) => {
    assertNoNul(req.query);
    const query = parseInput(adminAccountsQuerySchema, req.query);
    const search = query.search?.trim() ? query.search.trim() : null;
    const body: AdminAccountsResponse = { success: true, ...(await listAccounts(ctx.db, query.page ?? 1, search)) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  return router;
}
