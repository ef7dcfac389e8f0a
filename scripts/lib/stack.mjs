import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { startPostgres } from './postgres.mjs';
import { startProcess, waitForHttp } from './processes.mjs';
import { assetPolicy } from './security-headers.cjs';
import { createStaticApp, listen } from './static-server.mjs';
import { parsePublicHosts, REMOTES, startShellServer } from './shell-server.mjs';
import { freePort } from './free-port.mjs';

/**
 * `hostname` is the one name used in every URL (the browser treats localhost and 127.0.0.1 as different sites).
 * Starts the composed product from the built apps: PostgreSQL (embedded unless databaseUrl is given),
 * migrations and demo seed, the API, the three remotes and the shell. Port 0 picks a free port.
 * @returns {Promise<{ urls: { shell: string, api: string, remotes: Record<string,string> }, databaseUrl: string, stop: () => Promise<void> }>}
 */
export async function startStack({ ports, databaseUrl, pgDataDir, pgPort = 0, database = 'sports', env = {}, hostname = 'localhost' }) {
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => console.error(error));
    stops.length = 0;
  };
  try {
    if (!databaseUrl) {
      const pg = await startPostgres({ dataDir: pgDataDir, port: pgPort });
      stops.push(() => pg.stop());
      await pg.createDatabase(database, { dropFirst: false });
      databaseUrl = pg.url(database);
    }

    const setting = (name) => env[name] ?? process.env[name];
    const trustProxy = parseTrustProxy(setting('TRUST_PROXY'));
    // The API offers Google sign-in when it has a client id (same environment): only then may the login page load Google's script.
    const googleSignIn = Boolean(setting('GOOGLE_CLIENT_ID')?.trim());
    // The host names the site is served under: remote URLs and the shell's policy name only these.
    const publicHosts = parsePublicHosts(setting('PUBLIC_HOSTS'), { listenHost: setting('HOST'), publicOrigin: setting('PUBLIC_ORIGIN'), hostname });
    // Known once the shell listens; the remotes' files may be read cross-origin by the shell's page only.
    let shellPort = 0;
    const fromShell = (origin) => {
      const url = new URL(origin);
      return url.port === String(shellPort) && publicHosts.includes(url.hostname.toLowerCase());
    };

    const remotePorts = {};
    for (const remote of REMOTES) {
      const app = createStaticApp({ dir: join(ROOT, remote.dir, 'dist'), contentSecurityPolicy: assetPolicy, corsAllowed: fromShell, trustProxy });
      const server = await listen(app, ports[remote.name]);
      stops.push(server.close);
      remotePorts[remote.name] = server.port;
    }
    const remoteUrls = Object.fromEntries(Object.entries(remotePorts).map(([name, port]) => [name, `http://${hostname}:${port}`]));

    // The pages reach the API through the shell (/api, /backend) and the remotes under the public host
    // name the visitor used (one of publicHosts: localhost, 127.0.0.1, a LAN name). The shell's server
    // refuses any other Host before this runs; the name in the URLs is the configured one, not the header.
    let apiUrl = '';
    // Made per start and handed to the shell's proxy and the API alone: only that proxy may name the
    // client (docs/requests.md). A PROXY_SECRET of the environment is used as it is.
    const proxySecret = setting('PROXY_SECRET')?.trim() || randomBytes(32).toString('hex');
    const shell = await startShellServer({
      port: ports.shell,
      remotes: (req) => {
        const host = publicHosts.find((name) => name === req.hostname?.toLowerCase());
        if (!host) throw new Error('runtime config asked for under a host name that is not public');
        return Object.fromEntries(Object.entries(remotePorts).map(([name, port]) => [name, `${req.protocol}://${host}:${port}/remoteEntry.js`]));
      },
      api: () => apiUrl,
      apiSecret: proxySecret,
      publicHosts,
      trustProxy,
      googleSignIn,
    });
    stops.push(shell.close);
    shellPort = shell.port;
    const shellUrl = `http://${hostname}:${shell.port}`;
    const bothNames = (url) => ['localhost', '127.0.0.1'].map((name) => url.replace(hostname, name));

    const apiPort = ports.api === 0 ? await freePort() : ports.api;
    const origins = [shellUrl, ...Object.values(remoteUrls)].flatMap(bothNames);
    // The shell's proxy is on loopback: the API takes the client's address from the X-Forwarded-For it
    // adds, recognised by the secret it sends (any other process on this machine is counted as itself).
    // Mails link to the site as it runs here (SHELL_PORT included) unless PUBLIC_ORIGIN names another.
    const publicOrigin = setting('PUBLIC_ORIGIN')?.trim() || shellUrl;
    const apiEnv = { TRUST_PROXY: 'loopback', ...env, PUBLIC_ORIGIN: publicOrigin, PROXY_SECRET: proxySecret, DATABASE_URL: databaseUrl, API_PORT: String(apiPort), CORS_ORIGINS: origins.join(',') };

    const seed = spawnSync(process.execPath, [join(ROOT, 'api', 'dist', 'seed.js')], { cwd: ROOT, env: { ...process.env, ...apiEnv }, stdio: 'inherit' });
    if (seed.status !== 0) throw new Error('the demo seed failed; see the output above');

    const api = startProcess('api', process.execPath, [join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env: apiEnv });
    stops.push(api.stop);
    apiUrl = `http://${hostname}:${apiPort}`;
    await waitForHttp(`${apiUrl}/api/health`, api.child);

    return { urls: { shell: shellUrl, api: apiUrl, remotes: remoteUrls }, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** TRUST_PROXY as the API reads it (README): unset/false = off; true; a hop count; or addresses/subnets. */
function parseTrustProxy(value) {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}

