import { createPublicKey } from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { cleanText } from '@sports/contracts';
import jwt from 'jsonwebtoken';
import type { Logger } from '../logger';

/** The identity a verified Google ID token vouches for. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** Why a token was refused (logged, never shown: the client only reads 'Google login failed.'). */
export class GoogleTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'GoogleTokenError';
  }
}

export interface GoogleTokenVerifier {
  verify(credential: string): Promise<GoogleIdentity>;
}

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'] as const;
/** Tolerated clock difference for `iat` in the future. */
const IAT_SKEW_SECONDS = 5 * 60;
/** Google's ID tokens live an hour; anything claiming more than a day is refused. */
const MAX_LIFETIME_SECONDS = 24 * 3600;
/** Key-set freshness when the response carries no Cache-Control max-age. */
const DEFAULT_KEYS_MAX_AGE_SECONDS = 300;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_KEYS = 50;

interface KeySet {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
  expiresAt: number;
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  /** An unknown kid makes the key set be fetched again at most this often. */
  refetchCooldownMs: number;
  logger: Logger;
  now?: () => number;
  fetch?: typeof fetch;
}

function maxAgeSeconds(cacheControl: string | null): number {
  const match = /(?:^|,)\s*max-age=(\d{1,9})\s*(?:,|$)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : DEFAULT_KEYS_MAX_AGE_SECONDS;
}

/**
 * Verifies Google Identity Services ID tokens (PRODUCT §3) with jsonwebtoken and node:crypto:
 * RS256 only, the key chosen by `kid` from the published key set (cached per Cache-Control
 * max-age, fetched again once for an unknown kid), then aud, iss, exp, iat, lifetime and
 * email_verified. Nothing here is shared between processes: each keeps its own key cache.
 */
export function createGoogleTokenVerifier(options: GoogleVerifierOptions): GoogleTokenVerifier {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  let cache: KeySet | null = null;
  let inFlight: Promise<KeySet> | null = null;

  async function fetchKeys(): Promise<KeySet> {
    const response = await doFetch(options.jwksUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`key set answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!Array.isArray(body.keys)) throw new Error('key set has no keys array');
    const keys = new Map<string, KeyObject>();
    for (const jwk of body.keys.slice(0, MAX_KEYS) as Array<Record<string, unknown>>) {
      if (typeof jwk !== 'object' || jwk === null || jwk.kty !== 'RSA' || typeof jwk.kid !== 'string') continue;
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
      try {
        keys.set(jwk.kid, createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e } as JsonWebKey, format: 'jwk' }));
      } catch (err) {
        options.logger.warn({ err, kid: jwk.kid }, 'ignoring an unreadable key of the Google key set');
      }
    }
    const fetchedAt = now();
    return { keys, fetchedAt, expiresAt: fetchedAt + maxAgeSeconds(response.headers.get('cache-control')) * 1000 };
  }

  /** One fetch at a time; a failed fetch keeps the previous keys. */
  async function refresh(): Promise<KeySet | null> {
    inFlight ??= fetchKeys().finally(() => {
      inFlight = null;
    });
    try {
      cache = await inFlight;
    } catch (err) {
      options.logger.error({ err, url: options.jwksUrl }, 'could not fetch the Google key set');
    }
    return cache;
  }

  async function keyFor(kid: string): Promise<KeyObject> {
    const fresh = cache !== null && cache.expiresAt > now();
    let keys = fresh ? cache : await refresh();
    let key = keys?.keys.get(kid);
    // Keys rotate: an unknown kid fetches the set once more (unless it was just fetched).
    if (!key && fresh && (!keys || now() - keys.fetchedAt >= options.refetchCooldownMs)) {
      keys = await refresh();
      key = keys?.keys.get(kid);
    }
    if (!key) throw new GoogleTokenError('unknown key id');
    return key;
  }

  return {
    async verify(credential) {
      if (credential.length > 8192) throw new GoogleTokenError('token too long');
      const decoded = jwt.decode(credential, { complete: true });
      if (!decoded || typeof decoded.payload !== 'object') throw new GoogleTokenError('not a JWT');
      const { alg, kid } = decoded.header;
      if (alg !== 'RS256') throw new GoogleTokenError(`algorithm ${String(alg)} refused`);
      if (typeof kid !== 'string' || kid === '') throw new GoogleTokenError('no key id');
      const key = await keyFor(kid);

      let payload: jwt.JwtPayload;
      try {
        payload = jwt.verify(credential, key, {
          algorithms: ['RS256'],
          audience: options.clientId,
          issuer: [...GOOGLE_ISSUERS],
          clockTimestamp: Math.floor(now() / 1000),
        }) as jwt.JwtPayload;
      } catch (err) {
        throw new GoogleTokenError(`verification failed: ${(err as Error).message}`);
      }

      const nowSeconds = Math.floor(now() / 1000);
      const { exp, iat, sub, email } = payload;
      if (typeof exp !== 'number' || exp <= nowSeconds) throw new GoogleTokenError('expired or no exp');
      if (typeof iat !== 'number' || iat > nowSeconds + IAT_SKEW_SECONDS) throw new GoogleTokenError('issued in the future or no iat');
      if (exp - iat > MAX_LIFETIME_SECONDS) throw new GoogleTokenError('lifetime over a day');
      // A single audience string equal to our client id (jsonwebtoken also accepts it in an array).
      if (Array.isArray(payload.aud) ? payload.aud.length !== 1 || payload.aud[0] !== options.clientId : payload.aud !== options.clientId) {
        throw new GoogleTokenError('audience');
      }
      if (typeof sub !== 'string' || sub === '' || sub.length > 255) throw new GoogleTokenError('no subject');
      if (typeof email !== 'string' || email.length < 3 || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new GoogleTokenError('no usable email');
      const verified = (payload as { email_verified?: unknown }).email_verified;
      if (verified !== true && verified !== 'true') throw new GoogleTokenError('email not verified');

      // Names are cleaned as the register form's are (cleanText): none when nothing is left.
      const text = (v: unknown): string | null => {
        const cleaned = typeof v === 'string' ? cleanText(v) : '';
        return cleaned === '' ? null : cleaned.slice(0, 100);
      };
      return {
        subject: sub,
        email,
        givenName: text((payload as { given_name?: unknown }).given_name),
        familyName: text((payload as { family_name?: unknown }).family_name),
        name: text((payload as { name?: unknown }).name),
      };
    },
  };
}
