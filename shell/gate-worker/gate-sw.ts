// The gate's service worker, served by the shell from its own origin at /gate-sw.js and
// registered by the gate page with the gate's route as its scope: only the gate's pages are
// controlled. It keeps what the gate needs to open again with no network:
//   - the shell's page (any navigation inside the scope answers with the page last loaded),
//   - the shell's and the organizer remote's scripts and stylesheets (hashed files: from the
//     cache first; remoteEntry.js and other unhashed files: network first),
//   - /runtime-config.json and the session answer (/api/me): network first, the last answer offline.
// Other API calls pass untouched: the gate keeps its tickets and scans in IndexedDB itself.
// The page sends the URLs it loaded before the worker controlled it ({ type: 'keep', urls }).
export {};
declare const self: ServiceWorkerGlobalScope;

const CACHE = 'gate-v1';
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const MANIFEST = new URL('./gate.webmanifest', import.meta.url).href;
const ICON = new URL('./gate-icon.svg', import.meta.url).href;
/** Requests answered from the network while there is one, from the last answer without. */
const NETWORK_FIRST = new Set(['/runtime-config.json', '/api/me']);

/** Every navigation in the scope is the same single page: it is kept under the scope's URL. */
const pageKey = () => self.registration.scope;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([MANIFEST, ICON]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function sameOrigin(url: URL): boolean {
  return url.origin === self.location.origin;
}

/** Keeps a good answer; the session answer only while it names someone (401: forget it). */
async function keep(key: Request | string, response: Response): Promise<void> {
  const cache = await caches.open(CACHE);
  if (response.ok || response.type === 'opaque') await cache.put(key, response);
  else if (response.status === 401) await cache.delete(key);
}

async function cached(key: Request | string): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(key, { ignoreVary: true, ignoreSearch: false });
}

async function networkFirst(request: Request, key: Request | string = request): Promise<Response> {
  try {
    const response = await fetch(request);
    await keep(key, response.clone());
    return response;
  } catch (error) {
    const hit = await cached(key);
    if (hit) return hit;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const hit = await cached(request);
  if (hit) return hit;
  const response = await fetch(request);
  await keep(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, pageKey()));
    return;
  }
  if (sameOrigin(url) && NETWORK_FIRST.has(url.pathname)) {
    event.respondWith(networkFirst(request, url.href));
    return;
  }
  // The rest of the API is the gate's own business.
  if (sameOrigin(url) && (url.pathname.startsWith('/api/') || url.pathname.startsWith('/backend/'))) return;
  if (/\.(js|css)$/.test(url.pathname)) {
    event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
    return;
  }
  if (url.href === MANIFEST || url.href === ICON) event.respondWith(cacheFirst(request));
});

/** A hashed file's name without its hash: main.1a2b3c4d.js -> origin/main.js. */
function stemOf(href: string): string | null {
  const url = new URL(href);
  return HASHED.test(url.pathname) ? `${url.origin}${url.pathname.replace(HASHED, '.$1')}` : null;
}

/** Drops the kept files that a newer build replaced (same name, another hash) with one the page loaded now. */
async function dropReplaced(cache: Cache, loaded: readonly string[]): Promise<void> {
  const current = new Map<string, string>();
  for (const href of loaded) {
    const stem = stemOf(href);
    if (stem) current.set(stem, href);
  }
  for (const request of await cache.keys()) {
    const stem = stemOf(request.url);
    const now = stem ? current.get(stem) : undefined;
    if (now && now !== request.url) await cache.delete(request);
  }
}

/** What the page loaded before the worker controlled it: the page itself, scripts, stylesheets, the runtime config. */
async function keepLoaded(urls: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (href) => {
      try {
        const url = new URL(href);
        if (sameOrigin(url) && url.pathname.startsWith(new URL(pageKey()).pathname)) {
          const page = await fetch(href, { credentials: 'same-origin' });
          if (page.ok) await cache.put(pageKey(), page);
          return;
        }
        if (HASHED.test(url.pathname) && (await cache.match(href, { ignoreVary: true }))) return;
        const response = await fetch(href, sameOrigin(url) ? { credentials: 'same-origin' } : { mode: 'cors', credentials: 'omit' });
        if (response.ok) await cache.put(href, response);
      } catch {
        // Not kept: the next load through the worker keeps it.
      }
    }),
  );
  await dropReplaced(cache, urls);
  const me = new URL('/api/me', self.location.origin).href;
  try {
    await keep(me, await fetch(me, { credentials: 'same-origin' }));
  } catch {
    // No network now: kept on the next load.
  }
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u): u is string => typeof u === 'string');
  event.waitUntil(
    keepLoaded(urls).then(
      () => event.ports[0]?.postMessage({ kept: true }),
      () => event.ports[0]?.postMessage({ kept: false }),
    ),
  );
});
