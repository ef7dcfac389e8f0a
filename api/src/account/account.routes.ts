import { Router } from 'express';
import type { Request } from 'express';
import { changePasswordRequestSchema, deleteAccountRequestSchema, profileUpdateRequestSchema } from '@sports/contracts';
import { myDataResponseSchema, profileResponseSchema, successResponseSchema } from '@sports/contracts';
import { requireSession } from '../auth/auth.middleware';
import { clearDeviceCookie } from '../auth/device-cookie';
import { clearSessionCookie } from '../auth/session-token';
import { unauthorized } from '../errors';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { securityEvent } from '../http/security-log';
import { parseBody } from '../http/validate';
import * as account from './account.service';
import type { AccountDeps, Caller } from './account.service';

function callerOf(req: Request): Caller {
  if (!req.auth) throw unauthorized();
  return { user: req.auth.user, sessionId: req.auth.sessionId, ip: clientIp(req) };
}

/** My Account: the caller's profile, password, a copy of their data, and deleting the account (all behind a session). */
export function accountRouter(deps: AccountDeps): Router {
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };
  router.get('/my/profile', requireSession, async (req, res) => {
    sendJson(res.set(noStore), profileResponseSchema, { success: true, profile: await account.getProfile(deps, callerOf(req).user.user_id) });
  });

  router.put('/my/profile', requireSession, async (req, res) => {
    const input = parseBody(profileUpdateRequestSchema, req.body);
    const profile = await account.saveProfile(deps, callerOf(req).user.user_id, input);
    sendJson(res.set(noStore), profileResponseSchema, { success: true, profile });
  });

  router.post('/my/password', requireSession, async (req, res) => {
    const input = parseBody(changePasswordRequestSchema, req.body);
    const caller = callerOf(req);
    const ended = await account.changePassword(deps, caller, input);
    securityEvent(req.log, req, { event: 'account_changed', accountId: caller.user.user_id, actorId: caller.user.user_id, change: { password: 'changed', sessionsEnded: ended } });
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  router.get('/my/data', requireSession, async (req, res) => {
    const data = await account.exportData(deps, callerOf(req).user.user_id);
    res.set({ ...noStore, 'Content-Disposition': `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"` });
    sendJson(res, myDataResponseSchema, data);
  });

  router.delete('/my/account', requireSession, async (req, res) => {
    const input = parseBody(deleteAccountRequestSchema, req.body);
    const caller = callerOf(req);
    await account.deleteAccount(deps, caller, input);
    securityEvent(req.log, req, { event: 'account_changed', accountId: caller.user.user_id, actorId: caller.user.user_id, change: { deleted: true } });
    clearSessionCookie(res, deps.config);
    clearDeviceCookie(res, deps.config);
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  return router;
}
