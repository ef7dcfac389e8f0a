import type { ReactNode } from 'react';
import { describeError } from './error-text';
import './data-screens.css';

export interface LoadingStateProps {
  /** Default "Loading…". */
  children?: ReactNode;
}

/** A quiet "Loading…" line, announced politely. */
export function LoadingState({ children = 'Loading…' }: LoadingStateProps) {
  return (
    <p role="status" className="ds-state ds-loading">
      {children}
    </p>
  );
}

export interface EmptyStateProps {
  /** A short heading, e.g. "No accounts found". */
  title?: ReactNode;
  /** A sentence on what to do next, e.g. "Try another search." */
  children?: ReactNode;
}

/** Nothing to show: said plainly, with the next step if there is one. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="ds-state ds-state--empty">
      {title ? <p className="ds-state__title">{title}</p> : null}
      {children ? <div className="ds-state__text">{children}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  /** Whatever the request threw: an ApiError, a network failure, anything. */
  error: unknown;
  /** Shows a Retry button (not for "not allowed" / "not found", where trying again cannot help). */
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * A failed request, said plainly: not allowed (403), no connection (network), or the server's own
 * text, else a generic line.
 */
export function ErrorState({ error, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  const { title, message, retryable } = describeError(error);
  return (
    <div role="alert" className="ds-state ds-state--error">
      <p className="ds-state__title">{title}</p>
      <p className="ds-state__text">{message}</p>
      {onRetry && retryable ? (
        <button type="button" className="ds-button" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
