import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface PageErrorBoundaryProps {
  /** Names the area in the console warning: "<area> page failed to load:". */
  area: string;
  children: ReactNode;
  /** The app's own failure message; default the shared notice (ds-notice--error) with a Reload button. */
  fallback?: ReactNode;
}

interface State {
  failed: boolean;
}

/** Reloads the page: a chunk that failed to load (network, redeploy) is fetched again. */
function reloadPage(): void {
  window.location.reload();
}

/**
 * A page chunk that fails to load (network, redeploy) gets a clear message and a Reload button,
 * not a blank area; the app's navigation around it stays usable. Give it a `key` that changes
 * with the page, so the next page starts afresh.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`${this.props.area} page failed to load:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div role="alert" className="ds-notice ds-notice--error">
        <p>This page could not be loaded. Check your connection, then reload the page.</p>
        <button type="button" className="ds-button" onClick={reloadPage}>
          Reload
        </button>
      </div>
    );
  }
}
