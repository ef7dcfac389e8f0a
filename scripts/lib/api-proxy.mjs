import { Agent, request } from 'node:http';

// A pooled connection the API has just closed for idleness (its keep-alive timeout, announced in
// "Keep-Alive: timeout=5") must not be reused: the request would meet a reset and the page a 502.
// Node's agent closes idle connections a second before the announced timeout, but only when it has
// a timeout of its own: without one it keeps them until the API drops them (a 502 seen in CI).
const agent = new Agent({ keepAlive: true, timeout: 60_000 });

// Address and scheme claims a client could make about itself, and the proxy's secret: the proxy sends its own instead.
const CLIENT_CLAIMS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'x-proxy-secret'];

/** What a page's API call gets when no API answers (502). */
export const API_UNREACHABLE = { success: false, error: 'The ticketing server is not reachable right now. Please try again in a moment.' };

/**
 * Passes /api and /backend on to the API, so the pages reach it under their own origin whatever
 * host name the visitor used (localhost, 127.0.0.1, a LAN name): the session cookie is the page's
 * own, and no cross-origin call is needed. X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto
 * are set here, replacing whatever the client sent: the client's address, the host it asked for and
 * the scheme, as this server's Express sees them (req.ip, req.host, req.protocol). Those are the
 * connection's address and scheme and the Host header, unless this server's 'trust proxy'
 * (TRUST_PROXY) names a proxy in front of it, whose X-Forwarded-* then count. With `secret` (the API's
 * PROXY_SECRET) it is sent in X-Proxy-Secret: the API takes these headers only from a request that
 * carries it, so no other process on this machine can name a client (docs/requests.md).
 * @param {() => string} target  the API's base URL (known once the API listens)
 * @param {string} [secret]  the API's PROXY_SECRET
 */
export function apiProxy(target, secret) {
  return (req, res) => {
    const url = new URL(req.originalUrl, target());
    const headers = { ...req.headers };
    for (const name of CLIENT_CLAIMS) delete headers[name];
    Object.assign(headers, {
      host: url.host,
      'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
      'x-forwarded-host': req.host ?? '',
      'x-forwarded-proto': req.protocol,
      ...(secret ? { 'x-proxy-secret': secret } : {}),
    });
    const upstream = request(url, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(502).json(API_UNREACHABLE);
    });
    req.pipe(upstream);
  };
}
