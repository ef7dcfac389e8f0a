import type { ReactNode } from 'react';
import { ToastProvider } from './toast';
import type { ToastProviderProps } from './toast';
import './data-screens.css';

export type DataAreaName = 'admin' | 'organizer';

export interface DataAreaProps {
  /** Picks the area's colours (data-screens.css: .ds-area--admin, .ds-area--organizer). */
  area: DataAreaName;
  children: ReactNode;
  className?: string;
  /** How long toasts stay (ToastProvider's `duration`). */
  toastDuration?: ToastProviderProps['duration'];
}

/** The root of the admin or organizer area: the shared look with the area's colours, and its toasts. */
export function DataArea({ area, children, className, toastDuration }: DataAreaProps) {
  return (
    <div className={`ds-area ds-area--${area}${className ? ` ${className}` : ''}`}>
      <ToastProvider duration={toastDuration}>{children}</ToastProvider>
    </div>
  );
}

export interface DataToolbarProps {
  /** Names the group for screen readers, e.g. "Filter accounts". */
  label?: string;
  children: ReactNode;
}

/** The row of search box and filter selects above a table; it wraps on narrow screens. */
export function DataToolbar({ label, children }: DataToolbarProps) {
  return (
    <div className="ds-toolbar" role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
