import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { EmptyState, ErrorState, LoadingState } from './states';
import './data-screens.css';

export interface DataColumn<Row> {
  /** Unique within the table (React key). */
  id: string;
  header: ReactNode;
  /** What a row shows in this column. */
  cell: (row: Row, index: number) => ReactNode;
  /** Class on the column's header and cells (e.g. 'ds-cell--nowrap', 'ds-cell--number'). */
  className?: string;
  /** CSS width of the column, e.g. '8rem' or '20%'. */
  width?: string;
  /** The column that names the row (a name, an account number): its cells are `<th scope="row">`. */
  rowHeader?: boolean;
  align?: 'start' | 'center' | 'end';
}

/** The property that identifies a row (`'id'`), or a function that returns its key. */
export type RowKey<Row> =
  | { [K in keyof Row]-?: Row[K] extends string | number ? K : never }[keyof Row]
  | ((row: Row) => string | number);

export interface DataTableProps<Row> {
  /** Names the table for everyone (screen readers read it first). Required. */
  caption: ReactNode;
  /** Keeps the caption for screen readers only, when a visible heading already says the same. */
  captionHidden?: boolean;
  columns: ReadonlyArray<DataColumn<Row>>;
  /** The rows of this page; undefined while nothing has loaded yet. */
  rows: readonly Row[] | undefined;
  rowKey: RowKey<Row>;
  /** True while the rows load. With rows already shown (a page change), they stay, dimmed. */
  loading?: boolean;
  /** The failure of the last load, if any (shown in place of the rows). */
  error?: unknown;
  /** Shows Retry in the error state. */
  onRetry?: () => void;
  /** Shown when the list is empty. Default "Nothing to show." */
  emptyMessage?: ReactNode;
  /** Columns keep at least this much room; a narrower screen scrolls the table sideways. Default '40rem'. */
  minWidth?: string;
  className?: string;
}

function keyOf<Row>(rowKey: RowKey<Row>, row: Row): string | number {
  return typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as string | number);
}

const ALIGN_CLASS = { start: '', center: ' ds-cell--center', end: ' ds-cell--end' } as const;

function cellClass(column: { className?: string; align?: 'start' | 'center' | 'end' }): string | undefined {
  const value = `${column.className ?? ''}${ALIGN_CLASS[column.align ?? 'start']}`.trim();
  return value === '' ? undefined : value;
}

/**
 * Tracks whether the table is wider than its box, and which sides have more to see, so the box can
 * show a cue and take keyboard focus (arrow keys scroll it).
 */
function useOverflow(scroller: RefObject<HTMLDivElement | null>) {
  const [overflow, setOverflow] = useState({ any: false, start: false, end: false });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      const max = element.scrollWidth - element.clientWidth;
      const next = { any: max > 1, start: element.scrollLeft > 1, end: element.scrollLeft < max - 1 };
      setOverflow((current) => (current.any === next.any && current.start === next.start && current.end === next.end ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [scroller]);
  return overflow;
}

/**
 * A table of one page of server rows, with its caption, and its loading, error and empty states in
 * place of the rows (under the column headers). On a narrow screen it scrolls sideways inside its
 * own box, with a visible cue.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  onRetry,
  emptyMessage = 'Nothing to show.',
  minWidth = '40rem',
  className,
}: DataTableProps<Row>) {
  const captionId = useId();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const overflow = useOverflow(scroller);
  const hasError = error !== undefined && error !== null;

  const noRows = rows === undefined || rows.length === 0;
  let state: ReactNode = null;
  if (hasError) state = <ErrorState error={error} onRetry={onRetry} />;
  else if (noRows && loading) state = <LoadingState />;
  else if (noRows) state = typeof emptyMessage === 'string' ? <EmptyState title={emptyMessage} /> : emptyMessage;

  const stale = loading && !hasError && !noRows;
  const tableStyle: CSSProperties = { minWidth };

  return (
    <div className={`ds-table-frame${className ? ` ${className}` : ''}`} data-overflow={overflow.any || undefined}>
      <p id={hintId} className="ds-table-hint" hidden={!overflow.any}>
        <span aria-hidden="true">↔ </span>Scroll sideways to see every column.
      </p>
      <div className="ds-table-box" data-more-start={overflow.start || undefined} data-more-end={overflow.end || undefined}>
        <div
          ref={scroller}
          className="ds-table-scroll"
          role="region"
          aria-labelledby={captionId}
          aria-describedby={overflow.any ? hintId : undefined}
          // Always a tab stop: whenever its content overflows (sideways, or in height while
          // measuring), the keyboard can scroll it.
          tabIndex={0}
        >
          <table className={`ds-table${stale ? ' ds-table--stale' : ''}`} style={tableStyle} aria-busy={loading || undefined}>
            <caption id={captionId} className={captionHidden ? 'ds-visually-hidden' : undefined}>
              {caption}
            </caption>
            {columns.some((column) => column.width) ? (
              <colgroup>
                {columns.map((column) => (
                  <col key={column.id} style={column.width ? { width: column.width } : undefined} />
                ))}
              </colgroup>
            ) : null}
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.id} scope="col" className={cellClass(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            {state !== null ? null : (
              <tbody>
                {(rows ?? []).map((row, index) => (
                  <tr key={keyOf(rowKey, row)}>
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th key={column.id} scope="row" className={cellClass(column)}>
                          {column.cell(row, index)}
                        </th>
                      ) : (
                        <td key={column.id} className={cellClass(column)}>
                          {column.cell(row, index)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
      </div>
      {/* Below the box, not in a row: a sideways-scrolled phone screen still shows it whole. */}
      {state !== null ? <div className="ds-table-state">{state}</div> : null}
    </div>
  );
}
