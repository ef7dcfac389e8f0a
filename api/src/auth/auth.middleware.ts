import type { RequestHandler } from 'express';
import type { RoleName, SessionUser } from '@sports/contracts';
import type { Config } from '../config';
import type { Queryable } from '../db';
import { forbidden, unauthorized } from '../errors';
import { toSessionUser } from './auth.service';
import { SESSION_COOKIE, verifySessionToken } from './session-token';
import type { SessionClaims } from './session-token';
import { findLiveSessionAccount } from './sessions.repository';

/** Who is calling, read fresh from the database on this request. */
export interface AuthContext {
  sessionId: string;
  user: SessionUser;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` for a live session of an Active account; undefined otherwise. */
    auth?: AuthContext;
  }
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
    const claims = sessionClaims(config, req);
    const account = claims ? await findLiveSessionAccount(db, claims.sessionId, claims.userId) : null;
    if (claims && account && account.status === 'Active') {
      req.auth = { sessionId: claims.sessionId, user: toSessionUser(account) };
    }
    next();
  };
}

/**
 * The claims of the request's session cookie when it is a token this API signed and that has not
 * expired. Says nothing about the session row: whoever uses this alone checks that in SQL.
 */
export function sessionClaims(config: Pick<Config, 'jwtSecret'>, req: { cookies?: unknown }): SessionClaims | null {
  const token: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof token === 'string' && token !== '' ? verifySessionToken(config.jwtSecret, token) : null;
}

/** 401 'Please log in.' without a live session. */
export const requireSession: RequestHandler = (req, _res, next) => {
  if (!req.auth) throw unauthorized();
  next();
};

/** 401 'Please log in.' without a live session; 403 'You do not have access to this.' with another role. */
export function requireRole(role: RoleName): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) throw unauthorized();
    if (req.auth.user.role_name !== role) throw forbidden();
    next();
  };
}

/** The caller of a route behind requireSession/requireRole. */
export function sessionUser(req: { auth?: AuthContext }): SessionUser {
  if (!req.auth) throw unauthorized();
  return req.auth.user;
}
