import { useCallback } from 'react';
import { useSearchParams } from '@sports/router';

/** The search param that holds the page number of a server-side list. */
export const PAGE_PARAM = 'page';

/** Search-param changes applied together: a string sets the param, `null` or '' removes it. */
export type SearchParamPatch = Readonly<Record<string, string | null>>;

export interface ParamWriteOptions {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

/**
 * Applies several search-param changes in one navigation, so "new search text + back to page 1"
 * is one history entry. A patch that changes nothing navigates nowhere.
 */
export function useSearchParamsPatch(): (patch: SearchParamPatch, options?: ParamWriteOptions) => void {
  const [searchParams, setSearchParams] = useSearchParams();
  return useCallback(
    (patch: SearchParamPatch, options?: ParamWriteOptions) => {
      const next = new URLSearchParams(searchParams);
      for (const [name, value] of Object.entries(patch)) {
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
      }
      if (next.toString() === searchParams.toString()) return;
      setSearchParams(next, { replace: options?.replace ?? false });
    },
    [searchParams, setSearchParams],
  );
}

/** A page number read from the URL: a whole number from 1 up; anything else (junk, 0, -3, 1.5) is page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** How many pages `total` rows make at `pageSize` a page; an empty list still has its one (empty) page. */
export function pageCountOf(total: number, pageSize: number): number {
  if (!(pageSize > 0)) throw new RangeError('pageSize must be positive');
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page number kept in the URL (`?page=3`; page 1 is no param at all). Setting a page adds a
 * history entry, so Back returns to the previous page and a reload stays where it was.
 */
export function usePageParam(name: string = PAGE_PARAM): [number, (page: number, options?: ParamWriteOptions) => void] {
  const [searchParams] = useSearchParams();
  const patch = useSearchParamsPatch();
  const page = parsePage(searchParams.get(name));
  const setPage = useCallback(
    (next: number, options?: ParamWriteOptions) => {
      const whole = Math.max(1, Math.floor(next));
      patch({ [name]: whole === 1 ? null : String(whole) }, options);
    },
    [name, patch],
  );
  return [page, setPage];
}

export interface SearchParamOptions {
  /** The page param to reset to page 1 when this value changes; `null` leaves the page alone. Default 'page'. */
  pageParam?: string | null;
}

/**
 * A free-text value kept in the URL (`?q=ana`); '' when absent. Changing it goes back to page 1,
 * in the same navigation.
 */
export function useSearchParam(
  name: string,
  { pageParam = PAGE_PARAM }: SearchParamOptions = {},
): [string, (value: string, options?: ParamWriteOptions) => void] {
  const [searchParams] = useSearchParams();
  const patch = useSearchParamsPatch();
  const value = searchParams.get(name) ?? '';
  const setValue = useCallback(
    (next: string, options?: ParamWriteOptions) => {
      if (next === value) return;
      patch(pageParam === null ? { [name]: next } : { [name]: next, [pageParam]: null }, options);
    },
    [name, pageParam, patch, value],
  );
  return [value, setValue];
}

export interface FilterParamOptions extends SearchParamOptions {
  /**
   * The values the filter accepts (e.g. the ids of the events loaded). A URL value outside them reads
   * as `fallback`. Leave it undefined while the options are loading: the URL value is then taken as is.
   */
  allowed?: readonly string[] | undefined;
  /** The value when the URL has none (or an unknown one); it is kept out of the URL. Default ''. */
  fallback?: string;
}

/**
 * The value of a filter select kept in the URL (`?event=12&status=Active`). Unknown values read as
 * the fallback; choosing the fallback removes the param; a change goes back to page 1.
 */
export function useFilterParam(
  name: string,
  { allowed, fallback = '', pageParam = PAGE_PARAM }: FilterParamOptions = {},
): [string, (value: string, options?: ParamWriteOptions) => void] {
  const [searchParams] = useSearchParams();
  const patch = useSearchParamsPatch();
  const raw = searchParams.get(name);
  const value = raw === null || raw === '' || (allowed !== undefined && !allowed.includes(raw)) ? fallback : raw;
  const setValue = useCallback(
    (next: string, options?: ParamWriteOptions) => {
      if (next === value) return;
      const stored = next === fallback ? null : next;
      patch(pageParam === null ? { [name]: stored } : { [name]: stored, [pageParam]: null }, options);
    },
    [fallback, name, pageParam, patch, value],
  );
  return [value, setValue];
}
