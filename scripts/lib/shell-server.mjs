import { hostname as machineName } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { shellPolicy } from './security-headers.cjs';
import { createStaticApp, listen } from './static-server.mjs';
import { createFirstScreen } from './first-screen.mjs';
import { readFeatured } from './page-meta.mjs';

/** The remotes and the folders of their builds. */
export const REMOTES = [
  { name: 'booking', dir: 'booking-mfe' },
  { name: 'admin', dir: 'admin-mfe' },
  { name: 'organizer', dir: 'organizer-mfe' },
];

/**
 * The shell's Node server: its built files, /runtime-config.json, and every page as index.html with
 * the page's head (scripts/lib/page-meta.mjs, scripts/lib/first-screen.mjs) under the shell's policy,
 * which names the remotes of the runtime config; /api and /backend are passed on to the API. Under
 * `npm start` and `npm test` it serves everything; behind nginx (scripts/lib/nginx.mjs) nginx serves
 * the files and sends it the rest.
 * @param {object} options
 * @param {number} options.port  0: a free one
 * @param {(req: import('express').Request) => Record<string, string>} options.remotes  each remote's remoteEntry.js URL
 *   for this request (its host is one of publicHosts)
 * @param {() => string} options.api  the API's base URL (known once it listens)
 * @param {string} [options.apiSecret]  the API's PROXY_SECRET: its proxy sends it, so the client address it forwards counts
 * @param {string[]} options.publicHosts  the host names the shell answers under (parsePublicHosts)
 * @param {boolean | number | string} options.trustProxy  Express 'trust proxy'
 * @param {boolean} options.googleSignIn  the API offers Google sign-in: the login page may load Google's script
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export function startShellServer({ port, remotes, api, apiSecret, publicHosts, trustProxy, googleSignIn }) {
  const runtimeConfig = (req) => ({ apiUrl: '', remotes: remotes(req) });
  const firstScreen = createFirstScreen({
    shellDir: join(ROOT, 'shell', 'dist'),
    remoteDirs: { booking: join(ROOT, 'booking-mfe', 'dist') },
    readFeatured: () => readFeatured(api()),
  });
  const app = createStaticApp({
    dir: join(ROOT, 'shell', 'dist'),
    spa: true,
    runtimeConfig,
    contentSecurityPolicy: (req) => shellPolicy({ ...runtimeConfig(req), googleSignIn }),
    headTags: (req, meta) => firstScreen({ path: req.path, config: runtimeConfig(req), event: meta.event }),
    api,
    apiSecret,
    trustProxy,
    publicHosts,
  });
  return listen(app, port);
}

/**
 * PUBLIC_HOSTS (README): the host names, comma-separated, under which the shell answers (and whose pages may
 * read the remotes cross-origin).
 * Unset: localhost, 127.0.0.1, this machine's name (a LAN name), the HOST the servers listen on (unless
 * it is a wildcard address) and the host of PUBLIC_ORIGIN. The name the stack prints its URLs under is
 * always one of them. Lower case; an IPv6 address is written in brackets, as in a URL ([::1]).
 */
export function parsePublicHosts(value, { listenHost, publicOrigin, hostname }) {
  const configured = value?.trim()
    ? value.split(',')
    : ['localhost', '127.0.0.1', machineName(), ['0.0.0.0', '::', '[::]'].includes(listenHost?.trim() ?? '') ? '' : listenHost, publicOrigin ? new URL(publicOrigin).hostname : ''];
  const names = [...configured, hostname].map((name) => (name ?? '').trim().toLowerCase()).filter(Boolean);
  return [...new Set(names.map((name) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name)))];
}
