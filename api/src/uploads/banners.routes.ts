import express, { Router } from 'express';
import type { ErrorRequestHandler } from 'express';
import { BANNER_CARD_SIDE, BANNER_MAX_BYTES, BANNER_UPLOAD_TYPES, bannerUploadResponseSchema } from '@sports/contracts';
import { sessionUser } from '../auth/auth.middleware';
import { AppError, badRequest } from '../errors';
import { sendJson } from '../http/reply';
import type { BannerDeps, BannerSize } from './banners.service';
import { readBanner, uploadBanner } from './banners.service';
import { IMAGE_MESSAGES } from './image-check';

export const UPLOAD_TYPE_MESSAGE = `Send the image itself as the request body with Content-Type ${BANNER_UPLOAD_TYPES.join(', ')}.`;

/**
 * POST /banners under /api/organizer: the raw image is the body (no multipart), with one of
 * BANNER_UPLOAD_TYPES as Content-Type. The CSRF guard lets exactly these types through for this
 * route (http/csrf.ts); the bytes, not the type, decide what the image is.
 */
export function bannerUploadRouter(deps: BannerDeps): Router {
  const router = Router();
  const raw = express.raw({ type: [...BANNER_UPLOAD_TYPES], limit: BANNER_MAX_BYTES });

  router.post('/banners', raw, async (req, res) => {
    if (!Buffer.isBuffer(req.body)) throw new AppError(415, UPLOAD_TYPE_MESSAGE);
    const banner = await uploadBanner(deps, sessionUser(req).user_id, req.body);
    sendJson(res.set('Cache-Control', 'no-store'), bannerUploadResponseSchema, { success: true, banner }, 201);
  });

  // The body parser refuses more than 5 MB before reading it all: say so in the banner's words.
  const tooLarge: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
    const type = err !== null && typeof err === 'object' ? (err as { type?: unknown }).type : undefined;
    next(type === 'entity.too.large' ? new AppError(413, IMAGE_MESSAGES.tooLarge) : err);
  };
  router.use(tooLarge);
  return router;
}

export const BANNER_WIDTH_MESSAGE = `A banner is served at its page size, or at ?w=${BANNER_CARD_SIDE} for cards.`;

function requestedSize(w: unknown): BannerSize {
  if (w === undefined) return 'page';
  if (w === String(BANNER_CARD_SIDE)) return 'card';
  throw badRequest(BANNER_WIDTH_MESSAGE);
}

/**
 * GET /api/banners/:id (the event page's size) and /api/banners/:id?w=480 (the cards'): public
 * (visitors see it as the event's image); a banner never changes, so it is cached for a year.
 */
export function bannerImageRouter(deps: Pick<BannerDeps, 'db' | 'files'>): Router {
  const router = Router();
  router.get('/banners/:id', async (req, res) => {
    const { contentType, bytes } = await readBanner(deps, req.params.id, requestedSize(req.query.w));
    res
      .set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'Cross-Origin-Resource-Policy': 'cross-origin' })
      .type(contentType)
      .send(bytes);
  });
  return router;
}
