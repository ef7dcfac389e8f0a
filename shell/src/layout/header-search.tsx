import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@sports/router';

/** The search path for `text`: /search?q=..., or every event on sale without text. */
export function searchPath(text: string): string {
  const q = text.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search';
}

/**
 * The header's event search, on every page: a new search starts from the text alone (the results
 * page keeps its filters in its own URL). On the results page the field shows the text searched.
 */
export function HeaderSearch() {
  const inputId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const searched = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(searched);
  useEffect(() => setText(searched), [searched]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(searchPath(text));
  };

  return (
    <form role="search" className="site-search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search events
      </label>
      <input
        id={inputId}
        className="site-search__input"
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search events"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
      />
      <button type="submit" className="site-search__button">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M16 16l5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
