import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  label: string;
  /** The parent remounts this boundary (new key) with a fresh load. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a remote's failure inside its own area: the header, footer and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`${this.props.label} failed to load:`, error.message, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="remote-fallback" role="alert">
        <h1>{this.props.label} is unavailable right now</h1>
        <p>This part of the site could not be loaded. The rest of the site still works; please try again in a moment.</p>
        <button type="button" className="button" onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    );
  }
}
