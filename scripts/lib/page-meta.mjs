// What the shell's HTML says of each page before any script runs: the title, description and
// canonical address, Open Graph and Twitter card tags (a link shared in a chat previews with them;
// crawlers do not run our JavaScript), and for an event its schema.org Event in JSON-LD. Also the
// site's robots.txt and sitemap.xml. Event data comes from the API's public answers.

import BOOKING_ROUTES from '../../packages/ui/src/booking-routes.json' with { type: 'json' };
import SHELL_PATHS from '../../shell/src/shell-routes.json' with { type: 'json' };

const SITE = 'Sports Complex';
const HOME_TITLE = 'Sports Complex: tickets for sports, concerts and community events';
const DEFAULT_DESCRIPTION =
  'Book seats for basketball, volleyball, concerts and community events at the city sports complex, and get a QR ticket for the gate.';

/** The public pages other than events: title and description. */
const PAGES = {
  '/': { title: HOME_TITLE, description: DEFAULT_DESCRIPTION },
  '/genre/sports': { title: `Sports Events | ${SITE}`, description: 'Basketball, volleyball, futsal and more at the sports complex: pick your seats and book.' },
  '/genre/concert': { title: `Concerts & Music | ${SITE}`, description: 'Concerts and music nights at the sports complex: pick your seats and book.' },
  '/genre/community': { title: `Community Activities | ${SITE}`, description: 'Fun runs, fairs and community events at the sports complex: free and paid.' },
  '/events/past': { title: `Past Events | ${SITE}`, description: 'Events that have taken place at the sports complex, the latest first.' },
  '/search': { title: `Search Events | ${SITE}`, description: 'Search the events on sale at the sports complex by title, organizer or venue; filter by genre, date, price and seats left.' },
  '/privacy': { title: `Privacy Policy | ${SITE}`, description: 'What the Sports Complex ticketing site collects about you, why, who sees it, and your rights.' },
  '/about': { title: `About Us | ${SITE}`, description: 'The city Sports Complex and its ticketing site: events, seat selection, QR tickets checked at the gate, and how to reach us.' },
  '/ticketing-truths': { title: `Ticketing Truths | ${SITE}`, description: 'Plain facts about tickets here: 10-minute seat holds, the price you see is the price you pay, refunds, signed QR tickets, giving tickets.' },
  '/help': { title: `Help/FAQ | ${SITE}`, description: 'Answers about booking, paying, refunds, changing seats, parking, children, wheelchair seating and the gate at the Sports Complex.' },
  '/contact': { title: `Contact Us | ${SITE}`, description: 'Send the Sports Complex a question; we answer by email.' },
  '/guides/what-to-bring': { title: `What to Bring | ${SITE}`, description: 'Your ticket QR code, a valid ID and a water bottle: what to pack for a smooth entry.' },
  '/guides/season-guide': { title: `Season Guide | ${SITE}`, description: 'Sports, concerts and community nights month by month.' },
  '/guides/ticket-sale-prep': { title: `Ticket-Sale Prep | ${SITE}`, description: 'Log in early, pick your section and have your payment method ready.' },
  '/guides/getting-started': { title: `Getting Started | ${SITE}`, description: 'Create an account and book your first seats in a few steps.' },
  '/guides/parking-guide': { title: `Parking Guide | ${SITE}`, description: 'Where to park, when the gates open and how to get out quickly.' },
  '/ticket-your-event': { title: `Ticket your Event | ${SITE}`, description: 'Run events? Apply for an organizer account to sell tickets for your events at the sports complex.' },
  '/login': { title: `Login | ${SITE}`, description: DEFAULT_DESCRIPTION },
  '/register1': { title: `Create Account | ${SITE}`, description: DEFAULT_DESCRIPTION },
};

/** The site's own pages (About Us, Ticketing Truths, Help/FAQ, Contact Us, the guides), listed in the sitemap. */
const SITE_PAGES = ['/about', '/ticketing-truths', '/help', '/contact', ...Object.keys(PAGES).filter((path) => path.startsWith('/guides/'))];

/** Areas that are nobody's business but their users': not indexed, not in the sitemap. */
const PRIVATE_PREFIXES = ['/admin', '/organizer', '/my-tickets', '/account', '/tickets/', '/event/qr', '/confirm-email'];

/** The head of a page no route has. */
const NOT_FOUND = { title: `Page not found | ${SITE}`, description: DEFAULT_DESCRIPTION, canonical: null, image: null, type: 'website', event: null, index: false };

// The pages: the booking remote's (BOOKING_ROUTES), the shell's own (SHELL_PATHS, the paths of
// shell/src/features/account-routes.tsx: shell's tests check the two agree), and the admin and
// organizer areas, whose remotes answer every path under them.
const AREA_PREFIXES = ['/admin', '/organizer'];

const patternOf = (path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
const KNOWN_PATTERNS = [...BOOKING_ROUTES.map((r) => r.path), ...SHELL_PATHS].map(patternOf);

/** Whether some page of the product answers `path` (without a trailing slash). */
function isKnownPath(path) {
  if (AREA_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return true;
  return KNOWN_PATTERNS.some((pattern) => pattern.test(path));
}

/** An event page and the pages under it (seat map, section, checkout) share the event's tags. */
const EVENT_PATH = /^\/events\/([1-9]\d{0,9})(?:\/|$)/;

export const escapeMarkup = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
// In a <script> data block only "</" can end it early; < is written as its JSON escape.
export const jsonForScript = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
const clip = (text, max) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * `pick` of a public API answer's body; `fallback` when it fails or does not come in `timeoutMs`,
 * `missing` (default: `fallback`) when the API answers 404.
 */
async function readApi(url, pick, fallback, timeoutMs, missing = fallback) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status === 404) return missing;
    if (!res.ok) return fallback;
    const body = await res.json();
    return body?.success ? pick(body) : fallback;
  } catch {
    return fallback;
  }
}

/** What readEvent gives for an event the API says does not exist (or is not public). */
export const NO_SUCH_EVENT = false;

/** A public event from the API; NO_SUCH_EVENT when the API has none, null when it does not answer in time. */
export const readEvent = (apiUrl, id) => readApi(`${apiUrl}/api/events/${id}`, (body) => body.event, null, 1500, NO_SUCH_EVENT);

/** The home page's hero slides, from the API; [] when it does not answer in time. */
export const readFeatured = (apiUrl) => readApi(`${apiUrl}/api/events/featured`, (body) => body.featured, [], 1000);

/** The events on sale, from the API; [] when it does not answer in time. */
export const readUpcomingEvents = (apiUrl) => readApi(`${apiUrl}/api/events`, (body) => body.events, [], 3000);

/** The event's place in words: venue, street, barangay, city, province (the parts it has). */
function placeOf(event) {
  const venue = event.venue ?? { name: SITE };
  return [venue.name, venue.street, venue.barangay, venue.city, venue.province].filter(Boolean).join(', ');
}

/** "Sat, Feb 24, 2024, 5:00 PM" from the event's Manila date and time. */
function whenOf(event) {
  const [y, m, d] = event.date.split('-').map(Number);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  return event.time ? `${day}, ${event.time}` : day;
}

/** schema.org/Event for an event page. */
function eventJsonLd(event, origin) {
  const venue = event.venue ?? { name: SITE };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.startsAt,
    ...(event.endsAt ? { endDate: event.endsAt } : {}),
    eventStatus: event.cancelled ? 'https://schema.org/EventCancelled' : event.postponedFrom ? 'https://schema.org/EventRescheduled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: venue.name,
      address: {
        '@type': 'PostalAddress',
        ...(venue.street ? { streetAddress: venue.street } : {}),
        ...(venue.city ? { addressLocality: venue.city } : {}),
        ...(venue.province ? { addressRegion: venue.province } : {}),
        addressCountry: 'PH',
      },
    },
    image: [`${origin}${event.img}`],
    offers: {
      '@type': 'Offer',
      url: `${origin}/events/${event.id}`,
      price: event.price.toFixed(2),
      priceCurrency: 'PHP',
      availability: event.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      validThrough: event.startsAt,
    },
    ...(event.organizer ? { organizer: { '@type': 'Organization', name: event.organizer } } : {}),
  };
}

/**
 * The head tags of `pathname`: { title, description, canonical path, image?, jsonLd?, index, found }.
 * `findEvent(id)` gives the public event, NO_SUCH_EVENT, or null when it could not be read. `found`
 * is false for a path no page has and for the pages of an event that does not exist: the shell's
 * server answers those 404 (the page still shows its not-found text), never indexed.
 */
export async function metaFor(pathname, findEvent) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!isKnownPath(path)) return { ...NOT_FOUND, found: false };
  const eventMatch = EVENT_PATH.exec(path);
  if (eventMatch && path !== '/events/past') {
    const event = await findEvent(eventMatch[1]);
    if (event === NO_SUCH_EVENT) return { ...NOT_FOUND, found: false };
    if (event) {
      return {
        title: `${event.title} | ${SITE}`,
        description: clip(`${whenOf(event)} at ${placeOf(event)}. ${event.description}`, 300),
        canonical: `/events/${event.id}`,
        // Link previews take raster images only: an uploaded banner, or the generated poster as a PNG.
        image: event.img.startsWith('/api/banners/') ? event.img : `/api/events/${event.id}/poster.png`,
        imageAlt: event.title,
        type: 'article',
        event,
        index: true,
        found: true,
      };
    }
  }
  const page = PAGES[path];
  if (page) return { ...page, canonical: path, image: null, type: 'website', event: null, index: true, found: true };
  const index = !PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  return { title: SITE, description: DEFAULT_DESCRIPTION, canonical: null, image: null, type: 'website', event: null, index, found: true };
}

/** index.html with the page's head tags: its <title> replaced, the rest (and `extraTags`) before </head>. */
export function renderIndex(template, meta, origin, extraTags = []) {
  const tags = [
    `<meta name="description" content="${escapeMarkup(meta.description)}" />`,
    meta.index ? null : '<meta name="robots" content="noindex" />',
    meta.canonical ? `<link rel="canonical" href="${escapeMarkup(origin + meta.canonical)}" />` : null,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta property="og:description" content="${escapeMarkup(meta.description)}" />`,
    meta.canonical ? `<meta property="og:url" content="${escapeMarkup(origin + meta.canonical)}" />` : null,
    meta.image ? `<meta property="og:image" content="${escapeMarkup(origin + meta.image)}" />` : null,
    meta.image ? `<meta property="og:image:alt" content="${escapeMarkup(meta.imageAlt)}" />` : null,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeMarkup(meta.description)}" />`,
    meta.image ? `<meta name="twitter:image" content="${escapeMarkup(origin + meta.image)}" />` : null,
    meta.event ? `<script type="application/ld+json">${jsonForScript(eventJsonLd(meta.event, origin))}</script>` : null,
    ...extraTags,
  ].filter(Boolean);
  // Replacer functions: a "$&" in an event's title is text, not a replacement pattern.
  return template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(meta.title)}</title>`).replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** robots.txt: everything public may be crawled; the private areas may not. */
export function robotsTxt(origin) {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml: the public pages and every approved event on sale (`events`, from GET /api/events). */
export function sitemapXml(origin, events) {
  const pages = ['/', '/genre/sports', '/genre/concert', '/genre/community', '/events/past', '/search', '/privacy', '/ticket-your-event', ...SITE_PAGES];
  const urls = [...pages.map((path) => ({ loc: origin + path })), ...events.map((event) => ({ loc: `${origin}/events/${event.id}` }))];
  const body = urls.map(({ loc }) => `  <url><loc>${escapeMarkup(loc)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
