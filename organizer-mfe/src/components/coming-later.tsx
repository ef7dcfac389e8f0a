import { useId } from 'react';
import type { ReactNode } from 'react';

interface ComingLaterProps {
  title: string;
  /** One plain sentence: which data arrives in a later release. */
  notice: string;
  /** What the page will show once its data screen ships. */
  description: string;
  /** Working links only (never buttons that do nothing). */
  children?: ReactNode;
}

/** A page whose data screen ships in a later release: its heading and an honest notice, nothing invented. */
export function ComingLater({ title, notice, description, children }: ComingLaterProps) {
  const headingId = useId();
  return (
    <section className="ds-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <div className="ds-notice" role="note">
        <p>
          <strong>{notice}</strong>
        </p>
        <p>{description}</p>
      </div>
      {children}
    </section>
  );
}
