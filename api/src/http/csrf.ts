import type { RequestHandler } from 'express';
import { BANNER_UPLOAD_TYPES } from '@sports/contracts';
import { AppError, MESSAGES } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** host[:port] of an Origin header; null for one that is not a URL ("null" from a sandboxed frame). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Upload routes whose body is the raw file. Their Content-Types (image/png, image/jpeg,
 * image/webp, application/octet-stream) are not CORS-safelisted: like application/json, a
 * cross-site page can only send them after a preflight, which CORS refuses to foreign origins,
 * and an HTML form cannot send them at all. So they get the JSON body's protection without
 * multipart/form-data (which any cross-site form may post) ever being accepted.
 */
export const RAW_UPLOAD_ROUTES: Readonly<Record<string, readonly string[]>> = {
  'POST /api/organizer/banners': BANNER_UPLOAD_TYPES,
};

/**
 * Cross-site request protection for cookie-authenticated writes (PRODUCT §3): every
 * state-changing request must carry a JSON body type (an HTML form or a "simple" cross-site
 * fetch cannot) or, on a raw upload route, one of its file types; and when the browser names its
 * Origin it must be one of the allowed origins, or the very host the request was made to (a page
 * calling the API through its own server's proxy, under whatever name the visitor used; behind a
 * proxy, req.host is X-Forwarded-Host only when TRUST_PROXY trusts that proxy). GET and HEAD never
 * change state, so they pass.
 */
export function csrfProtection(allowedOrigins: readonly string[], rawUploads: Readonly<Record<string, readonly string[]>> = RAW_UPLOAD_ROUTES): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin) && hostOf(origin) !== req.host) throw new AppError(403, MESSAGES.crossSite);
    if (req.is('application/json')) {
      next();
      return;
    }
    const fileTypes = rawUploads[`${req.method} ${req.path}`];
    if (fileTypes && req.is([...fileTypes])) {
      next();
      return;
    }
    throw new AppError(415, fileTypes ? `Content-Type must be application/json or one of: ${fileTypes.join(', ')}.` : MESSAGES.jsonOnly);
  };
}
