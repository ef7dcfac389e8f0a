import { useId } from 'react';
import type { FocusEvent, FormEvent } from 'react';
import { Link, useSearchParams } from '@sports/router';
import { eventQueries } from '@sports/api-client/events';
import { GENRES } from '@sports/contracts';
import type { SearchResult } from '@sports/contracts';
import { useQuery } from '@sports/query';
import { assetUrl } from '@sports/api-client';
import { FREE_PRICE, formatPrice } from '@sports/ui';
import { ErrorState, LoadingStatus } from '../../shared/status';
import { GENRE_TITLES } from '../../shared/genres';
import { formatEventDate } from '../../shared/format';
import { EventRowSkeleton } from '../genre/event-row';
import { DATE_SHORTCUTS, shortcutOf, shortcutRange } from './date-shortcuts';
import { apiQuery, hasFilters, withChanges } from './search-params';
import type { SearchKey } from './search-params';
import '../../shared/base.css';
import '../genre/genre.css';
import './search.css';

export const NO_RESULTS_MESSAGE = 'No events match your search.';

/** "1 event matches “cafe”", "2,131 events match “cafe”", "12 events on sale". */
export function resultsSummary(total: number, text: string): string {
  const events = total === 1 ? '1 event' : `${total.toLocaleString('en-PH')} events`;
  if (!text) return `${events} on sale`;
  return `${events} ${total === 1 ? 'matches' : 'match'} “${text}”`;
}

const SORT_LABELS = { relevance: 'Best match', soonest: 'Soonest', price: 'Price', newest: 'Newest' } as const;
const NUMBER_FIELDS: ReadonlyArray<{ key: SearchKey; label: string; min: number; step: string }> = [
  { key: 'minPrice', label: 'Min price (₱)', min: 0, step: '0.01' },
  { key: 'maxPrice', label: 'Max price (₱)', min: 0, step: '0.01' },
  { key: 'minSeats', label: 'Minimum seats left', min: 1, step: '1' },
];

/** Search results (/search): the header's search, narrowed by filters and sorted; all of it in the URL. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = apiQuery(params);
  const results = useQuery(eventQueries.search(query));
  const update = (changes: Partial<Record<SearchKey, string | null>>) => setParams(withChanges(params, changes));
  const clearFilters = () => setParams(withChanges(params, { genre: null, from: null, to: null, price: null, minPrice: null, maxPrice: null, minSeats: null, sort: null }));
  const text = params.get('q') ?? '';

  return (
    <div className="bk-page bk-search">
      <h1 className="bk-genre__title">Search events</h1>
      <div className="bk-search__layout">
        <SearchFilters params={params} update={update} onClear={clearFilters} />
        <section className="bk-search__results" aria-labelledby="bk-search-summary">
          {results.isPending ? (
            <div aria-busy="true">
              <h2 id="bk-search-summary" className="bk-search__summary">
                Searching…
              </h2>
              <LoadingStatus label="Searching events…" />
              <EventRowSkeleton title="Results" />
            </div>
          ) : results.isError ? (
            <>
              <h2 id="bk-search-summary" className="bk-visually-hidden">
                Results
              </h2>
              <ErrorState title="The search could not be run" error={results.error} onRetry={() => void results.refetch()} />
              {hasFilters(params) && (
                <button type="button" className="bk-button bk-button--secondary bk-search__clear" onClick={clearFilters}>
                  Clear filters
                </button>
              )}
            </>
          ) : results.data.total === 0 ? (
            <div className="bk-state">
              <h2 id="bk-search-summary" className="bk-state__title">
                {NO_RESULTS_MESSAGE}
              </h2>
              <p className="bk-state__text">Check the spelling, try other words, or widen the filters.</p>
              {hasFilters(params) ? (
                <button type="button" className="bk-button bk-button--primary" onClick={clearFilters}>
                  Clear filters
                </button>
              ) : (
                text && (
                  <Link className="bk-button bk-button--secondary" to="/search">
                    See all events on sale
                  </Link>
                )
              )}
            </div>
          ) : (
            <>
              <h2 id="bk-search-summary" className="bk-search__summary">
                {resultsSummary(results.data.total, text)}
              </h2>
              <ol className="bk-search__list">
                {results.data.events.map((event) => (
                  <li key={event.id}>
                    <SearchResultCard event={event} />
                  </li>
                ))}
              </ol>
              <Pages page={results.data.page} pageSize={results.data.pageSize} total={results.data.total} params={params} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function SearchFilters({
  params,
  update,
  onClear,
}: {
  params: URLSearchParams;
  update: (changes: Partial<Record<SearchKey, string | null>>) => void;
  onClear: () => void;
}) {
  const id = useId();
  const value = (key: SearchKey) => params.get(key) ?? '';
  const hasText = Boolean(value('q'));
  const chosen = shortcutOf({ from: value('from'), to: value('to') });

  // Typed amounts are applied when the field is left or the form submitted (Enter, Apply), not
  // at each key: one history entry per change the visitor means.
  const applyNumber = (event: FocusEvent<HTMLInputElement>) => {
    const { name, value: typed } = event.currentTarget;
    if (typed.trim() !== value(name as SearchKey)) update({ [name]: typed });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: Partial<Record<SearchKey, string | null>> = {};
    for (const { key } of NUMBER_FIELDS) {
      const typed = String(form.get(key) ?? '').trim();
      if (typed !== value(key)) changes[key] = typed;
    }
    if (Object.keys(changes).length > 0) update(changes);
  };

  return (
    <form className="bk-search__filters" aria-label="Filters" onSubmit={submit}>
      <h2 className="bk-search__filters-title">Filters</h2>
      <div className="bk-search__field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={value('sort') || (hasText ? 'relevance' : 'soonest')} onChange={(e) => update({ sort: e.target.value })}>
          {(Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[])
            .filter((sort) => sort !== 'relevance' || hasText)
            .map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
        </select>
      </div>
      <div className="bk-search__field">
        <label htmlFor={`${id}-genre`}>Genre</label>
        <select id={`${id}-genre`} value={value('genre')} onChange={(e) => update({ genre: e.target.value })}>
          <option value="">All genres</option>
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {GENRE_TITLES[genre]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="bk-search__group">
        <legend>Date</legend>
        <div className="bk-search__chips">
          {DATE_SHORTCUTS.map((shortcut) => (
            <button
              key={shortcut.id}
              type="button"
              className="bk-search__chip"
              aria-pressed={chosen === shortcut.id}
              onClick={() => update(chosen === shortcut.id ? { from: null, to: null } : shortcutRange(shortcut.id))}
            >
              {shortcut.label}
            </button>
          ))}
        </div>
        <div className="bk-search__pair bk-search__pair--dates">
          <div className="bk-search__field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} type="date" value={value('from')} onChange={(e) => update({ from: e.target.value })} />
          </div>
          <div className="bk-search__field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} type="date" value={value('to')} min={value('from') || undefined} onChange={(e) => update({ to: e.target.value })} />
          </div>
        </div>
      </fieldset>
      <fieldset className="bk-search__group">
        <legend>Price</legend>
        <div className="bk-search__chips">
          {(
            [
              ['', 'Any'],
              ['free', 'Free'],
              ['paid', 'Paid'],
            ] as const
          ).map(([price, label]) => (
            <label key={label} className="bk-search__radio">
              <input type="radio" name="price" value={price} checked={value('price') === price} onChange={() => update({ price })} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="bk-search__pair">
        {NUMBER_FIELDS.map((field) => (
          <div key={field.key} className="bk-search__field">
            <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
            <input
              // Remounted when the URL changes (back button, Clear filters), so it shows the URL's value.
              key={value(field.key)}
              id={`${id}-${field.key}`}
              name={field.key}
              type="number"
              inputMode={field.step === '1' ? 'numeric' : 'decimal'}
              min={field.min}
              step={field.step}
              defaultValue={value(field.key)}
              onBlur={applyNumber}
            />
          </div>
        ))}
      </div>
      <div className="bk-search__actions">
        <button type="submit" className="bk-button bk-button--primary">
          Apply
        </button>
        <button type="button" className="bk-button bk-button--secondary" onClick={onClear} disabled={!hasFilters(params)}>
          Clear filters
        </button>
      </div>
    </form>
  );
}

function SearchResultCard({ event }: { event: SearchResult }) {
  const titleId = useId();
  const price = formatPrice(event);
  const seats = event.soldOut ? 'Sold out' : event.seatsLeft === 1 ? '1 seat left' : `${event.seatsLeft.toLocaleString('en-PH')} seats left`;
  const where = [event.venue?.name, event.venue?.city].filter(Boolean).join(', ');
  return (
    <article className="bk-search-card" aria-labelledby={titleId}>
      <img className="bk-search-card__image" src={assetUrl(event.img)} alt="" width={160} height={90} loading="lazy" decoding="async" />
      <div className="bk-search-card__body">
        <h3 id={titleId} className="bk-search-card__title">
          {event.title}
        </h3>
        <p className="bk-search-card__meta">
          <time dateTime={event.date}>{formatEventDate(event.date)}</time>
          {event.time ? ` · ${event.time}` : ''}
          {where ? ` · ${where}` : ''}
        </p>
        {event.organizer && <p className="bk-search-card__meta">By {event.organizer}</p>}
        <p className="bk-search-card__meta">
          <span className={price === FREE_PRICE ? 'bk-price bk-price--free' : 'bk-price'}>{price}</span> · {seats}
        </p>
      </div>
      <Link className="bk-button bk-button--primary bk-search-card__action" to={`/events/${event.id}`} aria-describedby={titleId}>
        View Event
      </Link>
    </article>
  );
}

function Pages({ page, pageSize, total, params }: { page: number; pageSize: number; total: number; params: URLSearchParams }) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last === 1 && page === 1) return null;
  const to = (n: number) => `/search?${withChanges(params, { page: n === 1 ? null : String(n) }).toString()}`;
  return (
    <nav className="bk-search__pages" aria-label="Result pages">
      {page > 1 ? <Link to={to(Math.min(page - 1, last))}>Previous page</Link> : <span />}
      <span>
        Page {page} of {last}
      </span>
      {page < last ? <Link to={to(page + 1)}>Next page</Link> : <span />}
    </nav>
  );
}
