import type { RequestHandler } from 'express';
import type { AccountStatus, RoleName, SessionUser } from '@sports/contracts';
import type { Config } from '../config';
import type { Queryable } from '../db';
import { MESSAGES, forbidden, unauthorized } from '../errors';
import type { AppError } from '../errors';
import { AUTH_MESSAGES, toSessionUser } from './auth.service';
import { sessionCookieOf, verifySessionToken } from './session-token';
import type { SessionClaims } from './session-token';
import { findLiveSessionAccount } from './sessions.repository';

/** Who is calling, read fresh from the database on this request. */
export interface AuthContext {
  sessionId: string;
  user: SessionUser;
}

/** Why a request that carried a valid session token is still anonymous. */
export type SessionRefusal = 'ended' | 'Inactive' | 'Restricted';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` for a live session of an Active account; undefined otherwise. */
    auth?: AuthContext;
    /** Set by `authenticate` when the cookie's token is genuine but its session is not accepted. */
    sessionRefusal?: SessionRefusal;
  }
}

/** What a 401 says, so the user learns why they were signed out (their next request after the change). */
const REFUSAL_MESSAGES: Record<SessionRefusal, string> = {
  ended: MESSAGES.sessionEnded,
  Inactive: AUTH_MESSAGES.inactive,
  Restricted: AUTH_MESSAGES.restricted,
};

/** Why the request's session token was not accepted, in words for the user; undefined when there was none. */
export function refusalMessage(req: { sessionRefusal?: SessionRefusal }): string | undefined {
  return req.sessionRefusal ? REFUSAL_MESSAGES[req.sessionRefusal] : undefined;
}

/**
 * The 401 of a caller whose session is not live, for routes that check it in their own statement:
 * the status of the session's account when it is not Active, null when the session itself ended.
 */
export function sessionRefused(status: Exclude<AccountStatus, 'Active'> | null): AppError {
  return unauthorized(REFUSAL_MESSAGES[status ?? 'ended']);
}

/**
 * For a route mounted before `authenticate` that has no statement of its own to check the session
 * in: the claims' session must be live and its account Active, else requireSession's 401. One
 * lookup, the one `authenticate` makes.
 */
export async function requireLiveSession(db: Queryable, claims: Pick<SessionClaims, 'sessionId' | 'userId'>): Promise<void> {
  const status = (await findLiveSessionAccount(db, claims.sessionId, claims.userId))?.status ?? null;
  if (status !== 'Active') throw sessionRefused(status);
}

function notSignedIn(req: { sessionRefusal?: SessionRefusal }) {
  return unauthorized(refusalMessage(req));
}

/**
 * Reads the session cookie on every request: a valid HS256 JWT naming a session row that is
 * neither revoked nor expired, of an account that is Active. The account (role and status) is
 * loaded each time, so logout, a role change or a status change applies to the next request.
 * Anything else leaves the request anonymous; routes that need a session say so themselves.
 */
export function authenticate(config: Config, db: Queryable): RequestHandler {
  return async (req, _res, next) => {
    req.auth = undefined;
    req.sessionRefusal = undefined;
    const claims = sessionClaims(config, req);
    if (claims) {
      const account = await findLiveSessionAccount(db, claims.sessionId, claims.userId);
      if (account?.status === 'Active') req.auth = { sessionId: claims.sessionId, user: toSessionUser(account) };
      else req.sessionRefusal = account ? account.status : 'ended';
    }
    next();
  };
}

/**
 * The claims of the request's session cookie when it is a token this API signed and that has not
 * expired. Says nothing about the session row: whoever uses this alone checks that in SQL.
 */
export function sessionClaims(config: Pick<Config, 'jwtSecret' | 'cookieSecure'>, req: { cookies?: unknown }): SessionClaims | null {
  const token = sessionCookieOf(config, req);
  return typeof token === 'string' && token !== '' ? verifySessionToken(config.jwtSecret, token) : null;
}

/** 401 without a live session ('Please log in.', or why the session's token is no longer accepted). */
export const requireSession: RequestHandler = (req, _res, next) => {
  if (!req.auth) throw notSignedIn(req);
  next();
};

/** 401 as requireSession; 403 'You do not have access to this.' with another role. */
export function requireRole(role: RoleName): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw notSignedIn(req);
    if (req.auth.user.role_name !== role) throw forbidden();
    next();
  };
}

/** The caller of a route behind requireSession/requireRole. */
export function sessionUser(req: { auth?: AuthContext }): SessionUser {
  if (!req.auth) throw unauthorized();
  return req.auth.user;
}
