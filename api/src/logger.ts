import pino from 'pino';
import type { Logger, DestinationStream } from 'pino';

export type { Logger };

/** Headers and body fields that carry secrets: written as [redacted] wherever a line holds them. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'idempotency-key', 'x-csrf-token', 'x-proxy-secret'];
const SECRET_FIELDS = ['password', 'new_password', 'current_password', 'code', 'token', 'credential', 'sig'];
const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => ['req.headers', 'res.headers', 'headers'].map((at) => `${at}["${h}"]`)),
  ...SECRET_FIELDS.flatMap((f) => ['body', 'req.body'].map((at) => `${at}["${f}"]`)),
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
