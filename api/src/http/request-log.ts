// Request ids and access logs. Written here rather than with pino-http: that middleware builds
// two child loggers (one serialising the request) on every request, whether or not anything is
// ever logged, a cost every book-seats call would pay (see booking/hold-seats.ts). Here the
// child logger is made only when a handler logs, and the access line only when its level is on.
import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** The X-Request-Id of this request (the client's when sane, else a new UUID). */
    id: string;
    /** The process logger bound to this request's id (made on first use). */
    readonly log: Logger;
  }
}

/** A client's X-Request-Id is kept when it is a sane token; otherwise we make one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const childLogger = Symbol('childLogger');

/**
 * Sets req.id and the X-Request-Id response header, gives handlers `req.log`, and writes one
 * access line per request when it ends: { reqId, req: { method, url, remoteAddress }, res: {
 * statusCode }, responseTime } at error for 5xx, warn for 4xx, info otherwise.
 */
export function requestLogging(app: Express, logger: Logger): RequestHandler {
  // On the app's request prototype: no per-request property definition.
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request & { [childLogger]?: Logger }) {
      return (this[childLogger] ??= logger.child({ reqId: this.id }));
    },
  });
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    // At level silent nothing is ever written: no need to watch the end of the request.
    if (logger.isLevelEnabled('error')) {
      const started = performance.now();
      // 'close' comes after 'finish' too, and alone when the client went away first.
      res.once('close', () => logAccess(logger, req, res, performance.now() - started));
    }
    next();
  };
}

function logAccess(logger: Logger, req: Request, res: Response, ms: number): void {
  const finished = res.writableFinished;
  const statusCode = finished ? res.statusCode : 499;
  const level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      reqId: req.id,
      req: { method: req.method, url: req.originalUrl, remoteAddress: req.socket.remoteAddress },
      res: { statusCode },
      responseTime: Math.round(ms),
    },
    finished ? 'request completed' : 'request aborted',
  );
}
