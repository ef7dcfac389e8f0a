import { useEffect, useRef } from 'react';
import { useSearchParams } from '@sports/router';
import { PAGE_PARAM, usePageParam } from './url-params';
import './data-screens.css';

/** 'page-of': "Page 1 of 25" (admin lists); 'of': "1 of 5" (organizer lists). */
export type PagerFormat = 'page-of' | 'of';

export interface PagerProps {
  page: number;
  /** Pages the server has; undefined until the first answer (Next and Last stay disabled). 0 counts as 1. */
  pageCount: number | undefined;
  onPageChange: (page: number) => void;
  format?: PagerFormat;
  /** Total number of rows, shown as "<totalLabel>: <total>" ("Total Accounts: 250"). */
  total?: number;
  /** Default 'Total'. */
  totalLabel?: string;
  /** Names the pager's navigation landmark. Default 'Pagination'. */
  label?: string;
  className?: string;
}

const numberFormat = new Intl.NumberFormat('en-US');

type ButtonName = 'first' | 'previous' | 'next' | 'last';

/**
 * First / previous / next / last buttons around "Page 1 of 25", each disabled at its end, with an
 * optional total line. A button that becomes disabled by its own click hands focus to its opposite,
 * so keyboard users are never dropped to the top of the page.
 */
export function Pager({ page, pageCount, onPageChange, format = 'page-of', total, totalLabel = 'Total', label = 'Pagination', className }: PagerProps) {
  const last = pageCount === undefined ? undefined : Math.max(1, pageCount);
  const atStart = page <= 1;
  const atEnd = last === undefined || page >= last;
  const buttons = useRef<Partial<Record<ButtonName, HTMLButtonElement | null>>>({});
  const focusNext = useRef<ButtonName | null>(null);

  useEffect(() => {
    const name = focusNext.current;
    focusNext.current = null;
    const target = name ? buttons.current[name] : null;
    if (target && !target.disabled) target.focus();
  }, [page]);

  function go(target: number, from: ButtonName) {
    if (target === page) return;
    const willBeStart = target <= 1;
    const willBeEnd = last !== undefined && target >= last;
    if ((from === 'first' || from === 'previous') && willBeStart) focusNext.current = 'next';
    if ((from === 'last' || from === 'next') && willBeEnd) focusNext.current = 'previous';
    onPageChange(target);
  }

  const pageText = last === undefined ? (format === 'page-of' ? `Page ${page}` : `${page}`) : format === 'page-of' ? `Page ${page} of ${last}` : `${page} of ${last}`;

  const button = (name: ButtonName, text: string, glyph: string, disabled: boolean, target: number) => (
    <button
      ref={(element) => {
        buttons.current[name] = element;
      }}
      type="button"
      className="ds-pager__button"
      aria-label={text}
      title={text}
      disabled={disabled}
      onClick={() => go(target, name)}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  return (
    <nav className={`ds-pager${className ? ` ${className}` : ''}`} aria-label={label}>
      {total !== undefined ? (
        <p className="ds-pager__total">
          {totalLabel}: {numberFormat.format(total)}
        </p>
      ) : null}
      <div className="ds-pager__controls">
        {button('first', 'First page', '«', atStart, 1)}
        {button('previous', 'Previous page', '‹', atStart, page - 1)}
        <p className="ds-pager__status" aria-live="polite" aria-atomic="true">
          {pageText}
        </p>
        {button('next', 'Next page', '›', atEnd, page + 1)}
        {button('last', 'Last page', '»', atEnd, last ?? page)}
      </div>
    </nav>
  );
}

export interface UrlPagerProps extends Omit<PagerProps, 'page' | 'onPageChange'> {
  /** The search param holding the page. Default 'page'. */
  param?: string;
}

/**
 * The Pager bound to the page in the URL (read the same page with `usePageParam()` for the query).
 * Each page change is a history entry; a page past the end goes to the last page, and junk in the
 * URL to page 1, without adding an entry.
 */
export function UrlPager({ param = PAGE_PARAM, pageCount, ...rest }: UrlPagerProps) {
  const [page, setPage] = usePageParam(param);
  const [searchParams] = useSearchParams();
  const raw = searchParams.get(param);
  const last = pageCount === undefined ? undefined : Math.max(1, pageCount);

  useEffect(() => {
    if (last !== undefined && page > last) setPage(last, { replace: true });
    else if (raw !== null && raw !== (page === 1 ? null : String(page))) setPage(page, { replace: true });
  }, [last, page, raw, setPage]);

  return <Pager {...rest} page={page} pageCount={pageCount} onPageChange={setPage} />;
}
