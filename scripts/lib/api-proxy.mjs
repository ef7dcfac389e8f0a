import { Agent, request } from 'node:http';

// A pooled connection the API has just closed for idleness (its keep-alive timeout, announced in
// "Keep-Alive: timeout=5") must not be reused: the request would meet a reset and the page a 502.
// Node's agent closes idle connections a second before the announced timeout, but only when it has
// a timeout of its own: without one it keeps them until the API drops them (a 502 seen in CI).
const agent = new Agent({ keepAlive: true, timeout: 60_000 });

/**
 * Passes /api and /backend on to the API, so the pages reach it under their own origin whatever
 * host name the visitor used (localhost, 127.0.0.1, a LAN name): the session cookie is the page's
 * own, and no cross-origin call is needed. The client's address and the host it asked for travel
 * in X-Forwarded-For / X-Forwarded-Host (the API trusts them from loopback only).
 * @param {() => string} target  the API's base URL (known once the API listens)
 */
export function apiProxy(target) {
  return (req, res) => {
    const url = new URL(req.originalUrl, target());
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = {
      ...req.headers,
      host: url.host,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-host': req.headers['x-forwarded-host'] ?? req.headers.host ?? '',
      'x-forwarded-proto': req.headers['x-forwarded-proto'] ?? 'http',
    };
    const upstream = request(url, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(502).json({ success: false, error: 'The ticketing server is not reachable right now. Please try again in a moment.' });
    });
    req.pipe(upstream);
  };
}
