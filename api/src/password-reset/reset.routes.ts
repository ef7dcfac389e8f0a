import { Router } from 'express';
import { passwordResetRequestSchema, resetPasswordSchema, verifyResetCodeSchema } from '@sports/contracts';
import type { SuccessResponse } from '@sports/contracts';
import { deviceCookieOf } from '../auth/device-cookie';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { parseBody } from '../http/validate';
import * as reset from './reset.service';

/** SPEC "Forgot password": request a code, verify it, set the new password (which also confirms the address: `onConfirmed`). */
export function passwordResetRouter(ctx: AppContext, onConfirmed?: reset.OnConfirmed): Router {
  const router = Router();
  const ok: SuccessResponse = { success: true };

  /** The same answer for known and unknown emails, and whatever the account's budget; the mail goes out after it. */
  router.post('/request-password-reset.php', async (req, res) => {
    const { email } = parseBody(passwordResetRequestSchema, req.body);
    await reset.requestReset(ctx, email, clientIp(req), deviceCookieOf(ctx.config, req));
    res.set('Cache-Control', 'no-store').json(ok);
  });

  router.post('/verify-reset-code.php', async (req, res) => {
    const { email, code } = parseBody(verifyResetCodeSchema, req.body);
    await reset.verifyCode(ctx, email, code, clientIp(req));
    res.set('Cache-Control', 'no-store').json(ok);
  });

  router.post('/reset-password.php', async (req, res) => {
    const { email, code, password } = parseBody(resetPasswordSchema, req.body);
    await reset.resetPassword(ctx, email, code, password, clientIp(req), onConfirmed);
    res.set('Cache-Control', 'no-store').json(ok);
  });

  return router;
}
