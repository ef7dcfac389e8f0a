import type { Event, FeaturedEvent } from '@sports/contracts';

export interface MockAnswer {
  status?: number;
  body: unknown;
}

type Route = MockAnswer | Error | Array<MockAnswer | Error> | ((init: RequestInit | undefined) => MockAnswer);

/**
 * Replaces global fetch with a mock that answers by path (+ query), e.g. '/api/events?genre=sports'.
 * An array answers successive calls in order (the last one repeats); an Error (alone or in the array)
 * rejects like a network failure: pass a TypeError, as fetch does. A function answers with what it
 * returns at the time of each call (for answers that change when the test says, whatever the call count),
 * given the request (its method, for a path that answers GET, POST and DELETE).
 */
export function mockFetch(routes: Record<string, Route>): jest.Mock {
  const calls = new Map<string, number>();
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = url.pathname + url.search;
    const route = routes[key];
    if (route === undefined) throw new Error(`Unexpected fetch ${key}`);
    if (route instanceof Error) throw route;
    const n = calls.get(key) ?? 0;
    calls.set(key, n + 1);
    const answer = typeof route === 'function' ? route(init) : Array.isArray(route) ? route[Math.min(n, route.length - 1)] : route;
    if (!answer) throw new Error(`No answer for ${key}`);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(), json: async () => answer.body } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const FEATURED: FeaturedEvent[] = [
  { title: 'City Multi-Sport Games', text: 'Athletes from every barangay compete.', img: '/images/featured-1.jpg', button: 'Book Now', eventId: 1 },
  { title: 'Grand Beauty Pageant', text: 'Crowning night at the main arena.', img: '/images/featured-2.jpg', button: 'Book Now', eventId: 2 },
  { title: 'Zumba Night', text: 'Dance the night away.', img: '/images/featured-3.jpg', button: 'Book Now', eventId: 3 },
];

const FUTURE = '2099-06-01T10:00:00.000Z';
const PAST = '2001-06-01T10:00:00.000Z';

export function makeEvent(overrides: Partial<Event> & Pick<Event, 'id'>): Event {
  return {
    genre: 'sports',
    title: `Event ${overrides.id}`,
    description: `Description of event ${overrides.id}`,
    date: '2099-06-01',
    price: 0,
    isFree: true,
    img: `/images/event-${overrides.id}.jpg`,
    startsAt: FUTURE,
    ...overrides,
  };
}

export { FUTURE, PAST };

/** A prefers-reduced-motion answer for window.matchMedia (jsdom has none). */
export function mockReducedMotion(reduce: boolean): void {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(() => false),
  })) as unknown as typeof window.matchMedia;
}

/** Back to jsdom's default: no matchMedia at all. */
export function removeMatchMedia(): void {
  delete (window as { matchMedia?: unknown }).matchMedia;
}
