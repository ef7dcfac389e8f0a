import { useId } from 'react';

interface ComingLaterProps {
  title: string;
  subtitle?: string;
  /** One plain sentence: which data arrives in a later release. */
  notice: string;
  /** What the page will show once its data screen ships. */
  description: string;
}

/** A page whose data screen ships in a later release: its heading and an honest notice, nothing invented. */
export function ComingLater({ title, subtitle, notice, description }: ComingLaterProps) {
  const headingId = useId();
  return (
    <section className="ds-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {subtitle ? <p className="ds-page__subtitle">{subtitle}</p> : null}
      <div className="ds-notice" role="note">
        <p>
          <strong>{notice}</strong>
        </p>
        <p>{description}</p>
      </div>
    </section>
  );
}
