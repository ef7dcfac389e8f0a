import { Router } from 'express';
import { googleLoginRequestSchema, loginRequestSchema, registerRequestSchema } from '@sports/contracts';
import { meResponseSchema } from '@sports/contracts';
import type { AuthConfigResponse, GoogleLoginResponse, LoginResponse, SuccessResponse } from '@sports/contracts';
import type { AppContext } from '../context';
import { clientIp } from '../http/client-ip';
import { sendJson } from '../http/reply';
import { parseBody } from '../http/validate';
import { requireSession, sessionUser } from './auth.middleware';
import * as auth from './auth.service';
import { googleLogin } from './google.service';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie, verifySessionToken } from './session-token';

/** SPEC §7 account calls (login.php, google-login.php, register.php, logout) plus /me and /auth-config. */
export function authRouter(ctx: AppContext): Router {
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };

  router.post('/login.php', async (req, res) => {
    const input = parseBody(loginRequestSchema, req.body);
    const session = await auth.login(ctx, input, clientIp(req));
    setSessionCookie(res, ctx.config, session.token, session.expiresAt);
    const body: LoginResponse = { success: true, user: session.user };
    res.set(noStore).json(body);
  });

  router.post('/google-login.php', async (req, res) => {
    const { credential } = parseBody(googleLoginRequestSchema, req.body);
    const session = await googleLogin(ctx, credential);
    setSessionCookie(res, ctx.config, session.token, session.expiresAt);
    const body: GoogleLoginResponse = { success: true, ...session.user };
    res.set(noStore).json(body);
  });

  router.post('/register.php', async (req, res) => {
    await auth.register(ctx, parseBody(registerRequestSchema, req.body));
    const body: SuccessResponse = { success: true };
    res.status(201).json(body);
  });

  /** Ends the cookie's session (whatever the account's state) and clears the cookie; fine without one. */
  router.post('/logout.php', async (req, res) => {
    const token: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
    const claims = typeof token === 'string' ? verifySessionToken(ctx.config.jwtSecret, token) : null;
    await auth.logout(ctx, claims?.sessionId ?? null);
    clearSessionCookie(res, ctx.config);
    const body: SuccessResponse = { success: true };
    res.set(noStore).json(body);
  });

  router.get('/me', requireSession, (req, res) => {
    sendJson(res.set(noStore), meResponseSchema, { success: true, user: sessionUser(req) });
  });

  router.get('/auth-config', (_req, res) => {
    const body: AuthConfigResponse = { success: true, googleClientId: ctx.config.google.clientId };
    res.json(body);
  });

  return router;
}
