// The site behind Debian's nginx, over API machines started apart (`node api/dist/server.js` on each):
//   node scripts/behind-nginx.mjs                 nginx in the foreground (a private instance, files under
//                                                 .data/nginx) and the shell's Node server, until Ctrl-C
//   node scripts/behind-nginx.mjs --print-config  the site's configuration for a system nginx
//   node scripts/behind-nginx.mjs --shell-only    only the shell's Node server, for that system nginx
// Run `npm run build` first. Settings: README, "Several API machines behind nginx".
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';
import { freePort } from './lib/free-port.mjs';
import { REMOTE_ENTRIES, renderSiteConfig, startNginx } from './lib/nginx.mjs';
import { parsePublicHosts, startShellServer } from './lib/shell-server.mjs';

const mode = process.argv[2] ?? '';
if (!['', '--print-config', '--shell-only'].includes(mode)) {
  console.error(`unknown argument ${mode}: use none, --print-config or --shell-only`);
  process.exit(2);
}

const list = (value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
/** host:port with port 0 replaced by a free port (the local instance and the tests). */
const withPort = async (address) => (address.endsWith(':0') ? `${address.slice(0, -1)}${await freePort()}` : address);

const apiServers = list(process.env.API_SERVERS);
if (apiServers.length === 0) {
  console.error('API_SERVERS is not set: name the API machines, for example API_SERVERS=10.0.0.11:8000,10.0.0.12:8000');
  process.exit(2);
}
const listen = await Promise.all(list(process.env.NGINX_LISTEN ?? '127.0.0.1:8080').map(withPort));
const internalListen = await withPort(`127.0.0.1:${process.env.NGINX_INTERNAL_PORT ?? '8081'}`);
const shellAddress = await withPort(`127.0.0.1:${process.env.SHELL_PORT ?? '3000'}`);
const publicHosts = parsePublicHosts(process.env.PUBLIC_HOSTS, { listenHost: undefined, publicOrigin: process.env.PUBLIC_ORIGIN, hostname: 'localhost' });
const googleSignIn = Boolean(process.env.GOOGLE_CLIENT_ID?.trim());
const tls = process.env.NGINX_TLS_CERT ? { cert: process.env.NGINX_TLS_CERT, key: process.env.NGINX_TLS_KEY ?? '' } : undefined;

// The API machines' PROXY_SECRET, when they have one: nginx sends it with every request it passes on.
const proxySecret = process.env.PROXY_SECRET?.trim() || undefined;
const site = renderSiteConfig({ apiServers, shellServer: shellAddress, listen, internalListen, publicHosts, googleSignIn, tls, proxySecret });
if (mode === '--print-config') {
  process.stdout.write(site);
  process.exit(0);
}

const stops = [];
let stopping = false;
const stop = async () => {
  stopping = true;
  for (const fn of stops.reverse()) await fn().catch((error) => console.error(error));
  stops.length = 0;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stop().then(() => process.exit(0)));
}

try {
  // nginx (on this machine, loopback) forwards the client's address, host and scheme. The shell's server
  // reads public event data for the pages' head through nginx's loopback address, so through the balancer.
  const shell = await startShellServer({
    port: Number(shellAddress.split(':').pop()),
    remotes: () => REMOTE_ENTRIES,
    api: () => `http://${internalListen}`,
    publicHosts,
    trustProxy: 'loopback',
    googleSignIn,
  });
  stops.push(shell.close);
  if (mode === '--shell-only') {
    console.log(`Shell server on http://${shellAddress} (for the nginx site of --print-config)`);
  } else {
    // Its own folder per instance: the tests run more than one.
    const dir = join(ROOT, '.data', 'nginx', internalListen.split(':').pop() ?? 'site');
    const nginx = await startNginx({ dir, site, url: `http://${internalListen}${REMOTE_ENTRIES.booking}` });
    stops.push(nginx.stop);
    nginx.child.once('exit', (code) => {
      if (stopping) return;
      console.error(`nginx exited (code ${code}); its log: ${join(dir, 'error.log')}`);
      void stop().then(() => process.exit(1));
    });
    const [address = ''] = listen[0]?.split(' ') ?? [];
    const scheme = tls ? 'https' : 'http';
    console.log(`Serving ${scheme}://${/^\d+$/.test(address) ? `localhost:${address}` : address} (nginx over ${apiServers.join(', ')}; the shell's server on ${shellAddress})`);
  }
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
