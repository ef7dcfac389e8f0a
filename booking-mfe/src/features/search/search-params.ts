// The results page's state lives in its URL (/search?q=...&genre=...): shareable, bookmarkable,
// and the back button returns to the search before. These are the names GET /api/events/search takes.
export const SEARCH_KEYS = ['q', 'genre', 'from', 'to', 'price', 'minPrice', 'maxPrice', 'minSeats', 'sort', 'page'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
/** The filters a visitor can clear (the text stays: it is what they searched for). */
export const FILTER_KEYS: readonly SearchKey[] = ['genre', 'from', 'to', 'price', 'minPrice', 'maxPrice', 'minSeats', 'sort'];

/** The API's query string for the page's URL params: known names only, in one order, blanks left out (one cache entry per search). */
export function apiQuery(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query.set(key, value);
  }
  return query.toString();
}

/**
 * `params` with `changes` applied (null or '' removes a name). Any change but the page's own goes
 * back to the first page: a new search starts at its top.
 */
export function withChanges(params: URLSearchParams, changes: Partial<Record<SearchKey, string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value.trim() === '') next.delete(key);
    else next.set(key, value.trim());
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** Whether any filter (not the text) is set. */
export const hasFilters = (params: URLSearchParams): boolean => FILTER_KEYS.some((key) => Boolean(params.get(key)));
