import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  children: ReactNode;
}
interface State {
  failed: boolean;
}

/** A page chunk that fails to load (network, redeploy) leaves the menu usable and says what to do. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Organizer page failed to load:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="org-notice org-notice--error">
        <p>This page could not be loaded. Check your connection, then reload the page.</p>
        <button type="button" className="org-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
