import type { Request } from 'express';

/** The caller's address: the socket's, or the proxy chain's per the 'trust proxy' setting (config TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
