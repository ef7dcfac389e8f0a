import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Response } from 'express';
import type { Config } from '../config';

/**
 * The session cookie's name (PRODUCT §3: httpOnly, SameSite=Lax, whole site). Over HTTPS
 * (config cookieSecure) it is Secure and named `__Host-session`: browsers then keep it only when it
 * is Secure, has Path=/ and no Domain, so neither a plain-HTTP page nor a sibling subdomain can
 * set or overwrite it. Over plain HTTP (development) it is `session`. Only that name is read.
 */
export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? '__Host-session' : 'session';
}

/** The request's session token under the configured cookie name, if any. */
export function sessionCookieOf(config: Pick<Config, 'cookieSecure'>, req: { cookies?: unknown }): unknown {
  return (req.cookies as Record<string, unknown> | undefined)?.[sessionCookieName(config)];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

// jsonwebtoken turns a string secret into a KeyObject on every call (about 1 ms, on every
// authenticated request); the key is made once per secret instead.
const keys = new Map<string, KeyObject>();
function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** HS256 JWT: sub = user id, sid = sessions row, exp = the row's expiry. */
export function signSessionToken(secret: string, claims: SessionClaims, expiresAt: Date): string {
  return jwt.sign({ sub: String(claims.userId), sid: claims.sessionId, exp: Math.floor(expiresAt.getTime() / 1000) }, secretKey(secret), {
    algorithm: 'HS256',
    noTimestamp: false,
  });
}

// Every request of a signed-in user carries the same token: its HMAC is checked once, then the
// claims are remembered (per secret, keyed by the token) until the token expires. Bounded: when
// full, the memory starts over. A revoked session is not a matter for this cache: the session row
// is checked on every request.
const VERIFIED_MAX = 10_000;
const verifiedBySecret = new Map<string, Map<string, { claims: SessionClaims; expiresAtMs: number }>>();

/** The claims of a token this API signed and that has not expired; null for anything else. */
export function verifySessionToken(secret: string, token: string): SessionClaims | null {
  if (token.length > 2048) return null;
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known.claims;
    verified.delete(token);
    return null;
  }
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'] });
  } catch {
    return null;
  }
  if (typeof payload !== 'object') return null;
  const { sub, sid, exp } = payload as { sub?: unknown; sid?: unknown; exp?: unknown };
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || typeof sid !== 'string' || !UUID.test(sid) || typeof exp !== 'number') return null;
  const userId = Number(sub);
  if (userId > 2_147_483_647) return null;
  const claims = { userId, sessionId: sid };
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(token, { claims, expiresAtMs: exp * 1000 });
  return claims;
}

/** No Domain: the cookie belongs to the host that set it (a __Host- cookie must not have one). */
function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure, path: '/' };
}

export function setSessionCookie(res: Response, config: Config, token: string, expiresAt: Date): void {
  res.cookie(sessionCookieName(config), token, { ...cookieOptions(config), maxAge: Math.max(0, expiresAt.getTime() - Date.now()) });
}

export function clearSessionCookie(res: Response, config: Config): void {
  res.clearCookie(sessionCookieName(config), cookieOptions(config));
}
