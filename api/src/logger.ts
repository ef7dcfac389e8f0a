import pino from 'pino';
import type { Logger, DestinationStream } from 'pino';

export type { Logger };

/**
 * Request and response headers that carry secrets: written as [redacted] wherever a line holds
 * them (`req`/`res`, or `headers` of a logged request or error).
 */
const SECRET_HEADERS = ['authorization', 'cookie', '"idempotency-key"', '"x-csrf-token"'];
const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers.${h}`, `headers.${h}`, `err.config.headers.${h}`]),
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  // Bodies that may be logged with a request: their secret fields.
  ...['password', 'new_password', 'current_password', 'code', 'token', 'credential', 'sig'].flatMap((f) => [`body.${f}`, `req.body.${f}`]),
];

/** One structured logger for the process; secrets in headers and bodies are never written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'api' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
