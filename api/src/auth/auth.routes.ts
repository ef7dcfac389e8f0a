import { Router } from 'express';
import { confirmEmailRequestSchema, googleLoginRequestSchema, loginRequestSchema, registerRequestSchema, resendConfirmationRequestSchema } from '@sports/contracts';
import { authConfigResponseSchema, googleLoginResponseSchema, loginResponseSchema, meResponseSchema, successResponseSchema } from '@sports/contracts';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { securityEvent } from '../http/security-log';
import { parseBody } from '../http/validate';
import { refusalMessage } from './auth.middleware';
import { deviceCookieOf, setDeviceCookie } from './device-cookie';
import * as auth from './auth.service';
import { confirmEmail, resendConfirmation } from './email-confirmation';
import { googleLogin } from './google.service';
import { clearSessionCookie, sessionCookieOf, setSessionCookie, verifySessionToken } from './session-token';

/** SPEC §7 account calls (login.php, google-login.php, register.php, logout) plus /me, /auth-config and the email confirmation calls. */
export function authRouter(ctx: AppContext, options: { onRegistered?: auth.OnRegistered } = {}): Router {
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };

  router.post('/login.php', async (req, res) => {
    const input = parseBody(loginRequestSchema, req.body);
    const session = await auth.login(ctx, input, clientIp(req), deviceCookieOf(ctx.config, req));
    securityEvent(req.log, req, { event: 'sign_in', accountId: session.user.user_id, method: 'password' });
    setSessionCookie(res, ctx.config, session.token, session.expiresAt);
    setDeviceCookie(res, ctx.config, session.user.user_id);
    sendJson(res.set(noStore), loginResponseSchema, { success: true, user: session.user });
  });

  router.post('/google-login.php', async (req, res) => {
    const { credential } = parseBody(googleLoginRequestSchema, req.body);
    const session = await googleLogin(ctx, credential, options.onRegistered);
    securityEvent(req.log, req, { event: 'sign_in', accountId: session.user.user_id, method: 'google' });
    setSessionCookie(res, ctx.config, session.token, session.expiresAt);
    setDeviceCookie(res, ctx.config, session.user.user_id);
    sendJson(res.set(noStore), googleLoginResponseSchema, { success: true, ...session.user });
  });

  // The same answer for a new address and one that has an account: the mail tells them apart.
  router.post('/register.php', async (req, res) => {
    await auth.register(ctx, parseBody(registerRequestSchema, req.body), clientIp(req));
    sendJson(res.set(noStore), successResponseSchema, { success: true }, 201);
  });

  router.post('/auth/confirm-email', async (req, res) => {
    const { token } = parseBody(confirmEmailRequestSchema, req.body);
    await confirmEmail(ctx, token, options.onRegistered);
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  router.post('/auth/resend-confirmation', async (req, res) => {
    const { email } = parseBody(resendConfirmationRequestSchema, req.body);
    await resendConfirmation(ctx, email, clientIp(req));
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  /** Ends the cookie's session (whatever the account's state) and clears the cookie; fine without one. */
  router.post('/logout.php', async (req, res) => {
    const token = sessionCookieOf(ctx.config, req);
    const claims = typeof token === 'string' ? verifySessionToken(ctx.config.jwtSecret, token) : null;
    await auth.logout(ctx, claims?.sessionId ?? null);
    clearSessionCookie(res, ctx.config);
    sendJson(res.set(noStore), successResponseSchema, { success: true });
  });

  router.get('/me', (req, res) => {
    const refusal = refusalMessage(req);
    sendJson(res.set(noStore), meResponseSchema, { success: true, user: req.auth?.user ?? null, ...(refusal ? { refusal } : {}) });
  });

  router.get('/auth-config', (_req, res) => {
    sendJson(res, authConfigResponseSchema, { success: true, googleClientId: ctx.config.google.clientId });
  });

  return router;
}
