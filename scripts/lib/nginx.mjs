// The site behind Debian's nginx (deploy/nginx/sports.conf.template): rendering its configuration
// from the same sources the Node servers use (security headers, hashed-file rule, host names, messages),
// and a private nginx run in the foreground for `node scripts/behind-nginx.mjs` and the tests, with its
// own configuration, pid, temporary files and logs under one folder: the system's nginx, its
// configuration and its service are never touched.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackage } from './apt.mjs';
import { API_UNREACHABLE } from './api-proxy.mjs';
import { ROOT } from './install.mjs';
import { assetPolicy, securityHeaders, shellPolicy } from './security-headers.cjs';
import { REMOTES } from './shell-server.mjs';
import { HASHED_FILE, MISDIRECTED } from './static-server.mjs';
import { stopChild } from './processes.mjs';

export const NGINX_PATH = '/usr/sbin/nginx';
const TEMPLATE = join(ROOT, 'deploy', 'nginx', 'sports.conf.template');
const HSTS = securityHeaders({ policy: {}, https: true })['Strict-Transport-Security'];

/** Debian's nginx-light (nginx with the modules this site uses): installed with apt-get when missing and we are root. */
export function ensureNginx() {
  return ensureDebianPackage({ path: NGINX_PATH, packageName: 'nginx-light', purpose: 'the site behind nginx' });
}

/** Each remote's entry under the shell's origin, as nginx serves it (the runtime config names these). */
export const REMOTE_ENTRIES = Object.fromEntries(REMOTES.map(({ name }) => [name, `/remotes/${name}/remoteEntry.js`]));

/** A string as one nginx token in double quotes (nginx has no escape for `$`, which starts a variable). */
function quoted(text) {
  if (text.includes('$')) throw new Error(`"${text}" has a $, which nginx would read as a variable`);
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** add_header lines of the headers the Node servers send with `policy`, HSTS over HTTPS only. */
function headerLines(policy) {
  const headers = securityHeaders({ policy, https: false });
  const lines = Object.entries(headers).map(([name, value]) => `add_header ${name} ${quoted(value)} always;`);
  return [...lines, 'add_header Strict-Transport-Security $sports_hsts always;'].map((line) => `        ${line}`).join('\n');
}

/**
 * The site's configuration (an http-level file).
 * @param {object} options
 * @param {string[]} options.apiServers  host:port of each API machine
 * @param {string} options.shellServer  host:port of the shell's Node server (scripts/lib/shell-server.mjs)
 * @param {string[]} options.listen  the public `listen` parameters ("127.0.0.1:8080", "443 ssl")
 * @param {string} options.internalListen  a loopback address:port through which the shell's server reads the API
 * @param {string[]} options.publicHosts  the host names the site answers under
 * @param {boolean} [options.googleSignIn]  the API offers Google sign-in (the shell's policy allows Google's script)
 * @param {{ cert: string, key: string }} [options.tls]  certificate and key files for `listen ... ssl`
 * @param {string} [options.proxySecret]  the API machines' PROXY_SECRET: nginx sends it in X-Proxy-Secret, so the
 *   client address it forwards counts (docs/requests.md). Without it, nginx clears any X-Proxy-Secret a client sent.
 * @param {string} [options.root]  the folder holding shell/dist and each remote's dist (default: this checkout)
 */
export function renderSiteConfig({ apiServers, shellServer, listen, internalListen, publicHosts, googleSignIn = false, tls, proxySecret, root = ROOT }) {
  if (apiServers.length === 0) throw new Error('no API servers to balance');
  const values = {
    API_SERVERS: apiServers.map((server) => `    server ${server} max_fails=3 fail_timeout=10s;`).join('\n'),
    SHELL_SERVER: shellServer,
    HASHED_FILE: HASHED_FILE.source,
    HSTS,
    PUBLIC_HOSTS: publicHosts.map((host) => `    ${host} 0;`).join('\n'),
    LISTEN: [
      ...listen.map((address) => `    listen ${address};`),
      ...(tls ? [`    ssl_certificate ${tls.cert};`, `    ssl_certificate_key ${tls.key};`] : []),
      `    listen ${internalListen};`,
      `    server_name ${publicHosts.join(' ')};`,
    ].join('\n'),
    ROOT: root,
    PROXY_SECRET: quoted(proxySecret ?? ''),
    API_UNREACHABLE: JSON.stringify(API_UNREACHABLE),
    MISDIRECTED,
    // Relative remote entries name no other origin: the shell's policy allows its own origin only.
    SHELL_HEADERS: headerLines(shellPolicy({ remotes: REMOTE_ENTRIES, googleSignIn })),
    ASSET_HEADERS: headerLines(assetPolicy()),
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_match, name) => {
    if (!(name in values)) throw new Error(`${TEMPLATE} names {{${name}}}, which nothing fills in`);
    return values[name];
  });
}

/**
 * Runs nginx in the foreground (a child process) with `site` (renderSiteConfig) in `dir`: its
 * nginx.conf, pid, temporary files, access.log and error.log are all there. Resolves once `url` answers
 * (a file: a page would make the shell's server read the API).
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startNginx({ dir, site, url }) {
  const nginx = ensureNginx();
  mkdirSync(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'site.conf'), site);
  const temp = (name) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      // Only read: the type of each file extension, as Debian ships it.
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  types_hash_max_size 2048;',
      // Each request with the machine that answered it.
      `  log_format upstreams '$time_iso8601 $remote_addr $request_method $uri $status $upstream_addr $request_time';`,
      `  access_log ${join(dir, 'access.log')} upstreams;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${join(dir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // -e: the error log from the very start (before the configuration names it), not the system's.
  const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  // Its folder goes with it; after a failure it stays, for its error.log.
  const stop = () => stopChild(child).then(() => rmSync(dir, { recursive: true, force: true }));
  try {
    await waitForAnswer(url, child, dir);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { child, stop };
}

/** Polls `url` until nginx answers anything; fails early, with nginx's error log, if it exits. */
async function waitForAnswer(url, child, dir) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      let log = '';
      try {
        log = readFileSync(join(dir, 'error.log'), 'utf8').slice(-2000);
      } catch {
        // nginx stopped before it wrote one
      }
      throw new Error(`nginx exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer ${url} within 10 s`);
}
