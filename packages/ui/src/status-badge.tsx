import './data-screens.css';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral';

export interface StatusBadgeProps {
  tone: BadgeTone;
  /** The status in words ("Approved", "Absent"): the colour only repeats what the text says. */
  children: string;
  className?: string;
}

/** A status in words on a tinted pill: success green, danger red, warning amber, neutral grey. */
export function StatusBadge({ tone, children, className }: StatusBadgeProps) {
  return <span className={`ds-badge ds-badge--${tone}${className ? ` ${className}` : ''}`}>{children}</span>;
}
