import pino from 'pino';
import type { Logger, DestinationStream } from 'pino';

export type { Logger };

/** One structured logger for the process; secrets in headers are never written. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'api' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
