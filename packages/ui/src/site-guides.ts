/**
 * The home page's DISCOVER MORE guides (SPEC "Home"): each card's title and the address of its page.
 * The booking remote's cards link here and the shell serves a page at each path, so both read this list.
 */
export const SITE_GUIDES = [
  { slug: 'what-to-bring', title: 'What to Bring' },
  { slug: 'season-guide', title: 'Season Guide' },
  { slug: 'ticket-sale-prep', title: 'Ticket-Sale Prep' },
  { slug: 'getting-started', title: 'Getting Started' },
  { slug: 'parking-guide', title: 'Parking Guide' },
] as const;

export type GuideSlug = (typeof SITE_GUIDES)[number]['slug'];

/** The path of a guide's page: /guides/<slug>. */
export const guidePath = (slug: GuideSlug): string => `/guides/${slug}`;
