import type { Request } from 'express';
import type { Logger } from '../logger';
import type { AppError } from '../errors';
import { clientIp } from './client-ip';

export type SecurityEventName = 'sign_in' | 'sign_in_failed' | 'unauthorized' | 'forbidden' | 'rate_limited' | 'account_changed';

export interface SecurityEventFields {
  event: SecurityEventName;
  /** The account concerned (signed in, refused, or changed); never an email, password or token. */
  accountId?: number | null;
  /** Who made the change, for account_changed. */
  actorId?: number;
  /** What changed, e.g. { status: { before, after } }. Only ids and enum values belong here. */
  change?: Record<string, unknown>;
  /** The HTTP status answered, for refusals. */
  status?: number;
  /** Which sign-in: 'password' or 'google'. */
  method?: 'password' | 'google';
}

/**
 * Writes one security line: `security: true`, the event, the account id when known, the client
 * address, the HTTP method and the route path (no query string); the logger adds the time.
 */
export function securityEvent(logger: Logger, req: Request, fields: SecurityEventFields): void {
  const { event, method, ...rest } = fields;
  const path = req.originalUrl.split('?', 1)[0] ?? '';
  logger.info(
    {
      security: true,
      event,
      ...(rest.accountId != null ? { accountId: rest.accountId } : {}),
      ...(rest.actorId != null ? { actorId: rest.actorId } : {}),
      ...(rest.change ? { change: rest.change } : {}),
      ...(rest.status != null ? { status: rest.status } : {}),
      ...(method ? { signIn: method } : {}),
      ip: clientIp(req),
      method: req.method,
      path: path.slice(0, 200),
    },
    `security: ${event}`,
  );
}

/** Sign-in refusals carry the account they concern (when the email was known) to the error handler. */
const failedSignIns = new WeakMap<AppError, { accountId: number | null; method: 'password' | 'google' }>();

/** Marks a 401/403 as a failed sign-in: the error handler logs sign_in_failed for it instead of unauthorized/forbidden. */
export function asFailedSignIn(err: AppError, method: 'password' | 'google', accountId: number | null): AppError {
  failedSignIns.set(err, { accountId, method });
  return err;
}

/** The security line of an answered AppError (401, 403, 429), if it has one; called by the central error handler. */
export function securityEventOfError(logger: Logger, req: Request, err: AppError): void {
  const failed = failedSignIns.get(err);
  if (failed && (err.status === 401 || err.status === 403)) {
    securityEvent(logger, req, { event: 'sign_in_failed', accountId: failed.accountId, method: failed.method, status: err.status });
    return;
  }
  const event = err.status === 401 ? 'unauthorized' : err.status === 403 ? 'forbidden' : err.status === 429 ? 'rate_limited' : null;
  if (event) securityEvent(logger, req, { event, accountId: req.auth?.user.user_id ?? null, status: err.status });
}
