import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { PAGE_PARAM, useSearchParam } from './url-params';
import './data-screens.css';

/** How long typing must pause before the search reaches the URL (and the server). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** Visible label, e.g. "Search accounts". */
  label: string;
  /** The search param holding the text. Default 'q'. Read it with `useSearchParam('q')`. */
  param?: string;
  /** The page param reset to page 1 when the text changes; null leaves it. Default 'page'. */
  pageParam?: string | null;
  placeholder?: string;
  /** Milliseconds of quiet before the text is written to the URL. Default 300. */
  delay?: number;
  className?: string;
}

/**
 * A search field kept in the URL: what is typed reaches the URL (trimmed) once typing pauses, in
 * place of the current history entry and back on page 1. Enter applies it at once; Escape or the
 * clear button empties it. Back/Forward bring the field along.
 */
export function SearchBox({ label, param = 'q', pageParam = PAGE_PARAM, placeholder, delay = SEARCH_DEBOUNCE_MS, className }: SearchBoxProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [urlValue, setUrlValue] = useSearchParam(param, { pageParam });
  const [draft, setDraft] = useState(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The text this box last wrote to the URL. Any other URL value came from elsewhere (Back, a link):
  // the field follows it, and a search still waiting to be written is dropped.
  const written = useRef(urlValue);
  useEffect(() => {
    if (urlValue === written.current) return;
    written.current = urlValue;
    clearTimeout(timer.current);
    setDraft(urlValue);
  }, [urlValue]);

  // The timer writes with the setter of its moment, not of the moment it was set (the URL may have moved).
  const write = useRef(setUrlValue);
  useEffect(() => {
    write.current = setUrlValue;
  }, [setUrlValue]);

  function commit(value: string) {
    clearTimeout(timer.current);
    const text = value.trim();
    written.current = text;
    write.current(text, { replace: true });
  }

  function change(value: string) {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), delay);
  }

  function clear() {
    setDraft('');
    commit('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape' || draft === '') return;
    // Handled here: the browser's own clearing is skipped, and a dialog around the box stays open.
    event.preventDefault();
    event.stopPropagation();
    clear();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    commit(draft);
  }

  return (
    <form role="search" className={`ds-field ds-search${className ? ` ${className}` : ''}`} onSubmit={onSubmit}>
      <label className="ds-field__label" htmlFor={inputId}>
        {label}
      </label>
      <span className="ds-search__box">
        <input
          ref={input}
          id={inputId}
          className="ds-input ds-search__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {draft !== '' ? (
          <button
            type="button"
            className="ds-search__clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            title="Clear"
            onClick={() => {
              clear();
              input.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </span>
    </form>
  );
}
