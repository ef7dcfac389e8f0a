import compression from 'compression';
import express from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiProxy } from './api-proxy.mjs';
import { metaFor, readEvent, readUpcomingEvents, renderIndex, robotsTxt, sitemapXml } from './page-meta.mjs';
import { assetPolicy, securityHeaders } from './security-headers.cjs';

/** What a request for a page under a host name that is not public gets (421). */
export const MISDIRECTED = 'Misdirected request: this site is not served under that host name.';

/** A build's hashed file (main.1a2b3c4d.js): its name changes with its content, so it may be cached for good. */
export const HASHED_FILE = /\.[0-9a-f]{8}\.(?:js|css)$/;

/**
 * Serves one built app. Hashed files are cached for good; entry files (index.html, remoteEntry.js)
 * are revalidated so a redeployed remote is picked up at once. Every answer, 404s included, carries
 * the security headers of scripts/lib/security-headers.cjs.
 * @param {object} options
 * @param {string} options.dir            the app's dist folder
 * @param {boolean} [options.spa]         answer unknown paths with index.html carrying the page's head tags, and serve
 *   robots.txt and sitemap.xml (the shell; scripts/lib/page-meta.mjs)
 * @param {(req: import('express').Request) => object} [options.runtimeConfig]  what /runtime-config.json answers (the shell)
 * @param {(req: import('express').Request) => Record<string, string[]>} options.contentSecurityPolicy  directives, read per
 *   request (the shell's depend on the runtime config)
 * @param {(origin: string, req: import('express').Request) => boolean} [options.corsAllowed]  pages that may read these files
 *   cross-origin (a remote: the shell's)
 * @param {() => string} [options.api]  the API's base URL: /api and /backend are passed on to it (the shell)
 * @param {string} [options.apiSecret]  the API's PROXY_SECRET, sent with what is passed on (scripts/lib/api-proxy.mjs)
 * @param {boolean | number | string} [options.trustProxy]  Express 'trust proxy': then X-Forwarded-Proto https counts as HTTPS (HSTS)
 * @param {(req: import('express').Request, meta: object) => Promise<string[]>} [options.headTags]  more tags for a page's <head> (the
 *   shell: scripts/lib/first-screen.mjs); `meta` is what scripts/lib/page-meta.mjs found for the page
 * @param {string[]} [options.publicHosts]  the host names this server answers under (the shell: its answers name
 *   them); a request for any other host gets a plain 421 that does not repeat it. All answers then vary by Host.
 */
export function createStaticApp({ dir, spa = false, runtimeConfig, contentSecurityPolicy, corsAllowed, api, apiSecret, trustProxy = false, publicHosts, headTags }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // The API's answers pass untouched: its own headers, its own status codes.
  if (api) app.use(['/api', '/backend'], apiProxy(api, apiSecret));
  if (publicHosts) {
    app.use((req, res, next) => {
      // The runtime config and the policy name the remotes under the request's host name.
      res.vary('Host');
      if (publicHosts.includes(req.hostname?.toLowerCase() ?? '')) return next();
      res.set(securityHeaders({ policy: assetPolicy(), https: req.secure }));
      res.setHeader('Cache-Control', 'no-store');
      res.status(421).type('text/plain').send(MISDIRECTED);
    });
  }
  app.use(compression());
  app.use((req, res, next) => {
    res.set(securityHeaders({ policy: contentSecurityPolicy(req), https: req.secure }));
    if (corsAllowed) {
      // Only the shell's page reads a remote's files cross-origin (today by <script> and <link>, which need no CORS).
      res.vary('Origin');
      const origin = req.get('Origin');
      if (origin && corsAllowed(origin, req)) res.setHeader('Access-Control-Allow-Origin', origin);
    }
    next();
  });
  if (runtimeConfig) {
    app.get('/runtime-config.json', (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(runtimeConfig(req));
    });
  }
  app.use(
    express.static(dir, {
      index: spa ? false : 'index.html',
      setHeaders(res, path) {
        const hashed = HASHED_FILE.test(path);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  if (spa) {
    // The host is one of publicHosts by now (421 otherwise): the links these answers carry may name it.
    const originOf = (req) => `${req.protocol}://${req.get('host')}`;
    const findEvent = (id) => (api ? readEvent(api(), id) : Promise.resolve(null));
    let template;
    app.get('/robots.txt', (req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.type('text/plain').send(robotsTxt(originOf(req)));
    });
    app.get('/sitemap.xml', async (req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.type('application/xml').send(sitemapXml(originOf(req), api ? await readUpcomingEvents(api()) : []));
    });
    app.use(async (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.accepts('html')) return next();
      template ??= await readFile(join(dir, 'index.html'), 'utf8');
      const meta = await metaFor(req.path, findEvent);
      res.setHeader('Cache-Control', 'no-cache');
      if (!meta.found) res.status(404);
      res.type('html').send(renderIndex(template, meta, originOf(req), await headTags?.(req, meta)));
    });
  }
  // Express's own 404 page would replace the policy with a bare default-src 'none' (no frame-ancestors).
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}

/** Listens on 127.0.0.1 (or HOST) and resolves with a close function. */
export function listen(app, port, host = process.env.HOST || '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve({ port: server.address().port, close: () => new Promise((done) => server.close(() => done())) }));
    server.on('error', reject);
  });
}
