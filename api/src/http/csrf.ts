import type { RequestHandler } from 'express';
import { AppError, MESSAGES } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request protection for cookie-authenticated writes (PRODUCT §3): every
 * state-changing request must carry a JSON body type (an HTML form or a "simple" cross-site
 * fetch cannot), and when the browser names its Origin it must be one of the allowed origins.
 * GET and HEAD never change state, so they pass.
 */
export function csrfProtection(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) throw new AppError(403, MESSAGES.crossSite);
    if (!req.is('application/json')) throw new AppError(415, MESSAGES.jsonOnly);
    next();
  };
}
