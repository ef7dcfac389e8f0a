// Whose address the per-address limits count, and who may name it (docs/requests.md).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

/** The header the configured proxy adds with PROXY_SECRET; taken off every request before anything else reads it. */
const PROXY_SECRET_HEADER = 'x-proxy-secret';

/** Headers by which a caller names a client address, host or scheme (Express reads them under 'trust proxy'). */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip'];

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (/^(::ffff:)?127\./i.test(address) || address === '::1');
}

/**
 * The first middleware: who may name the client. With PROXY_SECRET set, only a request carrying it
 * in X-Proxy-Secret (the shell's proxy, or nginx configured to send it) keeps its X-Forwarded-*;
 * without it, only a caller on another machine does (a process on this one can always reach the
 * API over loopback, so loopback is never trusted on its address alone). The rest lose those
 * headers before anything reads req.ip, req.host or req.protocol, so TRUST_PROXY ('trust proxy')
 * then reads the socket's address, the Host header and the connection's scheme. The secret header
 * is removed from every request, so no log line can hold it.
 */
export function trustedProxiesOnly(proxySecret: string | null): RequestHandler {
  const expected = proxySecret === null ? null : digest(proxySecret);
  return (req, _res, next) => {
    const given = req.headers[PROXY_SECRET_HEADER];
    delete req.headers[PROXY_SECRET_HEADER];
    const fromProxy = expected === null ? !isLoopback(req.socket.remoteAddress) : typeof given === 'string' && timingSafeEqual(digest(given), expected);
    if (!fromProxy) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    next();
  };
}

/** The caller's address: the socket's, or the proxy chain's per the 'trust proxy' setting (config TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
