// What the shell's HTML asks for before any script runs, so the first screen does not wait on a chain
// of downloads (shell scripts -> runtime config -> remoteEntry.js -> the remote's page -> its data ->
// its picture): the runtime config written into the page, and preload links for the shell's startup
// files, the booking remote's entry and the page's chunks (each build's preload.json), the API reads
// the page starts with, and the picture that is its largest paint (the event's, or the home page's
// first hero slide, read from the API at most every HERO_TTL_MS).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BOOKING_ROUTES from '../../packages/ui/src/booking-routes.json' with { type: 'json' };
import { escapeMarkup, jsonForScript } from './page-meta.mjs';

/** A build's preload.json (scripts/lib/preload-manifest-plugin.cjs); {} when it has none (a development build). */
function readManifest(dir) {
  const file = join(dir, 'preload.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** decodeURIComponent, or null for a malformed escape (a path anyone can send). */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The booking page of `path` and its params, or null: the shell mounts BOOKING_ROUTES the same way. */
function bookingPageOf(path) {
  const parts = path.split('/').filter(Boolean).map(decoded);
  if (parts.includes(null)) return null;
  for (const route of BOOKING_ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params = {};
    const fits = pattern.every((segment, i) => {
      if (segment.startsWith(':')) return (params[segment.slice(1)] = parts[i]) !== '';
      return segment === parts[i];
    });
    if (fits) return { page: route.page, params };
  }
  return null;
}

/**
 * The API reads a booking page starts with, each exactly as the page's query asks for it
 * (@sports/api-client), so the browser hands the preloaded answer to that fetch.
 */
const PAGE_READS = {
  home: () => ['/api/events/featured'],
  genre: ({ genre }) => (/^[a-z]{1,20}$/.test(genre) ? [`/api/events?genre=${genre}`] : []),
  past: () => ['/api/events/past'],
  event: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? [`/api/events/${id}`] : []),
  seatmap: ({ id }) => (/^[1-9]\d{0,9}$/.test(id) ? [`/api/events/${id}`, `/api/sections?event_id=${id}`, `/api/events/${id}/availability`] : []),
};

const HERO_TTL_MS = 10_000;

/**
 * @param {{ shellDir: string, remoteDirs: Record<string, string>, readFeatured: () => Promise<{ img: string }[]> }} options
 *   the built apps' dist folders, and how to read the home page's hero slides
 * @returns {(options: { path: string, config: { remotes: Record<string, string> }, event?: { img: string } | null }) => Promise<string[]>}
 *   the head tags of a page: `config` is the runtime config its scripts get, `event` the public event it shows, if any
 */
export function createFirstScreen({ shellDir, remoteDirs, readFeatured }) {
  const shell = readManifest(shellDir);
  const remotes = Object.fromEntries(Object.entries(remoteDirs).map(([name, dir]) => [name, readManifest(dir)]));
  const shellFiles = [...new Set([...(shell.bootstrap ?? []), ...(shell.shared ?? [])])].map((file) => `/${file}`);

  const preload = (href, as, extra = '') => `<link rel="preload" href="${escapeMarkup(href)}" as="${as}"${extra} />`;
  const asOf = (file) => (file.endsWith('.css') ? 'style' : 'script');

  let hero = { image: null, readAt: -Infinity };
  async function heroImage() {
    if (Date.now() - hero.readAt > HERO_TTL_MS) hero = { image: (await readFeatured())[0]?.img ?? null, readAt: Date.now() };
    return hero.image;
  }

  return async function firstScreenTags({ path, config, event = null }) {
    const tags = [`<script type="application/json" id="runtime-config">${jsonForScript(config)}</script>`];
    tags.push(...shellFiles.map((href) => preload(href, asOf(href))));
    const booking = bookingPageOf(path);
    if (booking && config.remotes.booking) {
      const entry = config.remotes.booking;
      const base = entry.slice(0, entry.lastIndexOf('/') + 1);
      const files = [...(remotes.booking?.['booking-pages'] ?? []), ...(remotes.booking?.[`booking-${booking.page}`] ?? [])];
      tags.push(preload(entry, 'script'), ...files.map((file) => preload(base + file, asOf(file))));
      // The session and the page's data: the API client fetches with credentials, hence use-credentials.
      const reads = ['/api/me', ...(PAGE_READS[booking.page]?.(booking.params) ?? [])];
      tags.push(...reads.map((href) => preload(href, 'fetch', ' crossorigin="use-credentials"')));
      // The largest paint of the home page is its first hero slide, of an event's page the event's picture.
      const image = booking.page === 'home' ? await heroImage() : booking.page === 'event' ? event?.img : null;
      if (image) tags.push(preload(image, 'image', ' fetchpriority="high"'));
    }
    return tags;
  };
}
