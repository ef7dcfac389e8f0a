import compression from 'compression';
import express from 'express';
import { join } from 'node:path';

/**
 * Serves one built app. Hashed files are cached for good; entry files (index.html, remoteEntry.js)
 * are revalidated so a redeployed remote is picked up at once.
 * @param {object} options
 * @param {string} options.dir            the app's dist folder
 * @param {boolean} [options.spa]         answer unknown paths with index.html (the shell)
 * @param {() => object} [options.runtimeConfig]  what /runtime-config.json answers (the shell)
 */
export function createStaticApp({ dir, spa = false, runtimeConfig }) {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((req, res, next) => {
    // Remotes are fetched cross-origin by the shell.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  if (runtimeConfig) {
    app.get('/runtime-config.json', (_req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.json(runtimeConfig());
    });
  }
  app.use(
    express.static(dir, {
      index: spa ? false : 'index.html',
      setHeaders(res, path) {
        const hashed = /\.[0-9a-f]{8}\.(js|css)$/.test(path);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  if (spa) {
    app.use((req, res, next) => {
      if (req.method !== 'GET' || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(join(dir, 'index.html'));
    });
  }
  return app;
}

/** Listens on 127.0.0.1 (or HOST) and resolves with a close function. */
export function listen(app, port, host = process.env.HOST || '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve({ port: server.address().port, close: () => new Promise((done) => server.close(() => done())) }));
    server.on('error', reject);
  });
}
