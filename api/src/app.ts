import { STATUS_CODES } from 'node:http';
import express from 'express';
import type { ErrorRequestHandler, Express, RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import helmet from 'helmet';
import type { ErrorResponse } from '@sports/contracts';
import type { Config } from './config';
import type { Db } from './db';
import { AppError } from './errors';
import { securityEventOfError } from './http/security-log';
import type { Logger } from './logger';
import { accountRouter } from './account/account.routes';
import { adminRouter } from './admin/admin.routes';
import { authenticate, requireRole, sessionClaims } from './auth/auth.middleware';
import { authRouter } from './auth/auth.routes';
import type { OnRegistered } from './auth/auth.service';
import { prepareDummyHash } from './auth/passwords';
import { bookingRouter, createBookingDeps, paymentRouter, seatMapRouter, specSeatCallsRouter } from './booking';
import type { LiveSeats } from './booking';
import { systemClock } from './clock';
import type { Clock } from './clock';
import { createGoogleTokenVerifier } from './auth/google-token';
import { createBackgroundTasks } from './background';
import { checkinRouter } from './checkin/checkin.routes';
import { GATE_SYNC_JSON_LIMIT, GATE_SYNC_PATH } from './checkin/gate-routes';
import type { BackgroundTasks } from './background';
import type { AppContext } from './context';
import { eventsRouter } from './events/events.routes';
import { renderPoster } from './events/poster';
import { feedbackRouter } from './feedback/feedback.routes';
import { healthRouter } from './health/health.routes';
import { trustedProxiesOnly } from './http/client-ip';
import { csrfProtection } from './http/csrf';
import { createPublicPages, dropPublicPagesOnWrite } from './http/public-pages';
import { checkAnswersAgainstContracts } from './http/reply';
import { requestLogging } from './http/request-log';
import { refuseBadText } from './http/text-guard';
import { locationsRouter } from './locations/locations.routes';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/mailer';
import { createMailQueue } from './mail/mail-queue';
import { organizerRouter } from './organizer/organizer.routes';
import { promoCodesRouter } from './promo-codes/promo-codes.routes';
import { organizerApplicationsAdminRouter, organizerApplicationsRouter } from './organizer-applications/organizer-applications.routes';
import type { CancelDeps } from './refunds/event-cancel.service';
import { eventCancelRouter, orderCancelRouter } from './refunds/refund.routes';
import { passwordResetRouter } from './password-reset/reset.routes';
import { createRateLimiter } from './rate-limit/rate-limiter';
import { sectionsRouter } from './sections/sections.routes';
import { ticketsRouter } from './tickets/tickets.routes';
import { transfersRouter } from './transfers/transfers.routes';
import { claimTransfersOnRegister } from './transfers/transfers.service';
import { eventReviewsRouter, organizerReviewsRouter, visitorReviewsRouter } from './reviews/reviews.routes';
import { bannerImageRouter, bannerUploadRouter } from './uploads/banners.routes';
import { createLoadGauge, createOffPeakQueue } from './off-peak';
import { lineCookieOf } from './waiting-room/line-cookie';
import { createWaitingRoom } from './waiting-room/waiting-room';
import { lineRouter, waitingRoomSettingsRouter } from './waiting-room/waiting-room.routes';
import { directoryStore } from './uploads/file-store';
import type { FileStore } from './uploads/file-store';

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** Defaults: SMTP when configured, else the development outbox. */
  mailer?: Mailer;
  /** Work started by requests that outlives them; server.ts waits for it on stop. */
  tasks?: BackgroundTasks;
  /** "Now" of holds and ticket sales; tests move it. Default: the system clock. */
  clock?: Clock;
  /** Where uploaded banners are kept. Default: a directory under .data/uploads. */
  files?: FileStore;
  /** The seat grid's and seat map's kept answers (server.ts listens for their changes). Default: none kept. */
  live?: LiveSeats;
}

/**
 * A process starting this many requests a second is at a sale's peak: its ticket mails wait
 * (checked every checkMs) until it is not.
 */
const OFF_PEAK = { peakPerSecond: 50, checkMs: 250 };

/** Builds what the feature modules share (one per app). */
export function createContext(config: Config, deps: AppDeps): AppContext {
  const { db, logger } = deps;
  const mailer = deps.mailer ?? createMailer(config.mail, { db, logger });
  const tasks = deps.tasks ?? createBackgroundTasks(logger);
  return {
    config,
    db,
    logger,
    rateLimiter: createRateLimiter(db, logger),
    mailer,
    tasks,
    mailQueue: createMailQueue({ db, mailer, tasks, logger }),
    google: config.google.clientId
      ? createGoogleTokenVerifier({
          clientId: config.google.clientId,
          jwksUrl: config.google.jwksUrl,
          refetchCooldownMs: config.google.jwksRefetchCooldownMs,
          logger,
        })
      : null,
  };
}

function fail(res: express.Response, status: number, error: string): void {
  const body: ErrorResponse = { success: false, error };
  res.status(status).json(body);
}

/** Client mistakes reported by express/body-parser (http-errors style `status` and `type`). */
function clientErrorMessage(err: { status?: unknown; statusCode?: unknown; type?: unknown }): { status: number; message: string } | null {
  if (err instanceof URIError) return { status: 400, message: 'Malformed URL' };
  const status = typeof err.status === 'number' ? err.status : typeof err.statusCode === 'number' ? err.statusCode : 0;
  if (status < 400 || status > 499) return null;
  switch (err.type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'Malformed JSON in request body' };
    case 'entity.too.large':
      return { status: 413, message: 'Request body too large' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Unsupported request body encoding' };
    default:
      return { status, message: STATUS_CODES[status] ?? 'Bad request' };
  }
}

/** Builds the Express app (no listen): security headers, CORS, logs, routes, 404 and errors. */
export function createApp(config: Config, deps: AppDeps): Express {
  const { db, logger } = deps;
  const ctx = createContext(config, deps);
  const load = createLoadGauge();
  void prepareDummyHash().catch((err: unknown) => logger.error({ err }, 'could not prepare the dummy password hash'));
  const booking = createBookingDeps(config, {
    db,
    logger,
    clock: deps.clock ?? systemClock,
    mail: { mailer: ctx.mailer, tasks: ctx.tasks, siteOrigin: config.publicOrigin, offPeak: createOffPeakQueue(ctx.tasks, load, OFF_PEAK) },
    ...(deps.live ? { live: deps.live } : {}),
  });
  const room = createWaitingRoom({ db, secret: config.jwtSecret, defaultShoppers: config.booking.waitingRoomShoppers, logger });
  const roomSettings = { db, room, defaultShoppers: config.booking.waitingRoomShoppers };
  const organizer = { ...ctx, clock: booking.clock, signer: booking.signer, files: deps.files ?? directoryStore() };
  const refunds: CancelDeps = { db, clock: booking.clock, payments: booking.payments, mailQueue: ctx.mailQueue, tasks: ctx.tasks, logger };
  checkAnswersAgainstContracts(config.env === 'test');
  const app = express();
  app.disable('x-powered-by');
  // JSON answers here are per user or change by the second (seats): no ETag hashing of each body.
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Off by default: req.ip is the socket's address unless TRUST_PROXY names the proxies. Before
  // anything reads req.ip, a caller that is not the configured proxy loses its X-Forwarded-*
  // (docs/requests.md).
  app.set('trust proxy', config.trustProxy);
  app.use(trustedProxiesOnly(config.proxySecret));

  app.use((_req, _res, next) => {
    load.hit();
    next();
  });
  app.use(requestLogging(app, logger));

  app.use(
    helmet({
      // The API serves JSON and self-contained SVG posters: nothing may load, frame or post.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          formAction: ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      // Images served here (event posters) are shown by the apps on other ports of the same site.
      crossOriginResourcePolicy: { policy: 'same-site' },
      // HSTS behind HTTPS (PRODUCT §3): in production or when the public origin is https.
      strictTransportSecurity: config.cookieSecure,
    }),
  );

  const allowed = new Set(config.corsOrigins);
  app.use(
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept', 'X-Request-Id', 'Idempotency-Key'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );

  app.use(csrfProtection(config.corsOrigins));
  app.post(GATE_SYNC_PATH, express.json({ limit: GATE_SYNC_JSON_LIMIT }));
  app.use(express.json({ limit: config.jsonLimit }));
  app.use(cookieParser());
  // Before every router: a path, query or JSON string PostgreSQL cannot hold is a 400 here (docs/requests.md).
  app.use(refuseBadText());
  // The documented seat calls keep their paths. They, the line and the payment are mounted before
  // `authenticate`: the sale-day hot path. The hold and the payment check the session in their own
  // statement (booking/hold-seats.ts, booking/payment.service.ts); the line's writes look it up with
  // requireLiveSession, and its reads only on an event whose line is on (docs/waiting-room.md).
  const claimsOf = (req: express.Request) => sessionClaims(config, req);
  app.use('/backend/api', specSeatCallsRouter(booking, claimsOf, (req, userId, eventId) => room.mayHold(eventId, userId, lineCookieOf(req, eventId))));
  app.use('/api', seatMapRouter(booking), lineRouter(room, config, claimsOf, db), paymentRouter(booking, claimsOf));
  // The event page's public reads: what a sale's crowd opens first, without a session lookup.
  const pages = createPublicPages();
  app.use('/api', eventsRouter(db, booking.clock, config.booking.lawDiscountPercent, pages.event), eventReviewsRouter(organizer, pages.reviews));
  app.use(authenticate(config, db));

  const api = express.Router();
  api.use(healthRouter(db));
  api.use(sectionsRouter(db));
  api.use(locationsRouter(db));
  const transfers = { db, clock: booking.clock, signer: booking.signer, mailQueue: ctx.mailQueue, siteOrigin: config.publicOrigin };
  // Tickets sent to an address are claimed when it is confirmed (its link, a Google sign-in or a password reset).
  const onConfirmed: OnRegistered = async (tx, account) => (await claimTransfersOnRegister(tx, account, transfers.clock.now(), transfers.siteOrigin)) > 0;
  api.use(authRouter(ctx, { onRegistered: onConfirmed }));
  api.use(passwordResetRouter(ctx, onConfirmed));
  api.use(accountRouter({ ...ctx, clock: booking.clock }));
  api.use(feedbackRouter(ctx));
  api.use(organizerApplicationsRouter(ctx));
  // PRODUCT §3: every /admin/* call needs Admin, every /organizer/* call Organizer (401 / 403).
  api.use('/admin', requireRole('Admin'), dropPublicPagesOnWrite(pages), adminRouter(ctx, { renderPoster: (input) => renderPoster(input, { withText: true }) }), eventCancelRouter(refunds, 'any'), organizerApplicationsAdminRouter(ctx), promoCodesRouter(organizer, 'any'), waitingRoomSettingsRouter(roomSettings, 'any'));
  api.use(
    '/organizer',
    requireRole('Organizer'),
    dropPublicPagesOnWrite(pages),
    organizerRouter(organizer),
    bannerUploadRouter(organizer),
    checkinRouter(organizer),
    organizerReviewsRouter(organizer),
    eventCancelRouter(refunds, 'own'),
    promoCodesRouter(organizer, 'own'),
    waitingRoomSettingsRouter(roomSettings, 'own'),
  );
  api.use(bookingRouter(booking));
  api.use(orderCancelRouter(refunds, booking.signer));
  api.use(ticketsRouter(booking));
  api.use(transfersRouter(transfers));
  api.use(bannerImageRouter(organizer));
  api.use('/orders/:id/review', dropPublicPagesOnWrite(pages));
  api.use(visitorReviewsRouter(organizer));
  app.use('/api', api);

  const notFound: RequestHandler = (req, res) => fail(res, 404, `Not found: ${req.method} ${req.path.slice(0, 200)}`);
  app.use(notFound);

  const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof AppError) {
      // 401, 403 and 429 all pass here: one security line each (a refused sign-in says so).
      securityEventOfError(req.log, req, err);
      res.set(err.headers);
      fail(res, err.status, err.message);
      return;
    }
    const client = err !== null && typeof err === 'object' ? clientErrorMessage(err) : null;
    if (client) {
      fail(res, client.status, client.message);
      return;
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    fail(res, 500, 'Internal server error');
  };
  app.use(errorHandler);

  return app;
}
