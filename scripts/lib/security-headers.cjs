// Security headers of the front-end servers: the shell's and the remotes' (static-server.mjs, used by
// `npm start` and `npm test`) and the webpack dev servers (webpack.shared.js). The API sets its own.
// CommonJS so that webpack.shared.js can require it; static-server.mjs imports it.
'use strict';

/** Google Identity Services (shell/src/features/login/google-identity.ts), allowed only when a client id is configured. */
const GOOGLE_IDENTITY = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/** On every answer: no site may frame our pages (login, checkout), no plugins, no <base> rewriting relative URLs. */
const ALWAYS = { 'frame-ancestors': ["'none'"], 'object-src': ["'none'"], 'base-uri': ["'none'"] };

/** Origins of absolute http(s) URLs; relative URLs are the page's own origin, which 'self' already covers. */
function originsOf(urls) {
  const origins = new Set();
  for (const url of urls) {
    if (typeof url === 'string' && /^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * The shell's pages. Scripts and stylesheets come from the shell and the remotes the runtime config
 * names (remoteEntry.js, chunks and their .css files); the pages call the API and show its images.
 * Production builds put no inline <style> or <script> in the page, so neither needs 'unsafe-inline'.
 * Workers and manifests come from the shell's origin only (the gate's service worker and manifest;
 * without worker-src, script-src would also let the remotes' origins serve a worker).
 * @param {{ apiUrl?: string, remotes?: Record<string, string>, googleSignIn?: boolean }} options
 */
function shellPolicy({ apiUrl, remotes = {}, googleSignIn = false }) {
  const api = originsOf([apiUrl]);
  const apps = originsOf(Object.values(remotes));
  const google = (key) => (googleSignIn ? [GOOGLE_IDENTITY[key]] : []);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...apps, ...google('script')],
    'style-src': ["'self'", ...apps, ...google('style')],
    'img-src': ["'self'", 'data:', ...api],
    'connect-src': ["'self'", ...api, ...apps, ...google('connect')],
    'frame-src': googleSignIn ? [GOOGLE_IDENTITY.frame] : ["'none'"],
    // The organizer gate's service worker (/gate-sw.js) and web app manifest, from the shell's origin only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    ...ALWAYS,
  };
}

/** A remote's server answers scripts, stylesheets and 404s, never a page: nothing there may load anything. */
function assetPolicy() {
  return { 'default-src': ["'none'"], 'form-action': ["'none'"], ...ALWAYS };
}

/** webpack dev servers: eval source maps, style-loader, hot reload and any API (?api=) must keep working. */
function developmentPolicy() {
  return { ...ALWAYS };
}

function serializePolicy(directives) {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Headers for one answer.
 * @param {{ policy: Record<string, string[]>, https?: boolean }} options
 *   https: the request reached us over HTTPS (directly, or through a trusted proxy): only then HSTS.
 */
function securityHeaders({ policy, https = false }) {
  return {
    'Content-Security-Policy': serializePolicy(policy),
    'X-Content-Type-Options': 'nosniff',
    // Other sites get our origin, never the path (event ids, checkout steps); Google Identity Services needs the origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // frame-ancestors for browsers that predate it.
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

module.exports = { GOOGLE_IDENTITY, shellPolicy, assetPolicy, developmentPolicy, serializePolicy, securityHeaders };
