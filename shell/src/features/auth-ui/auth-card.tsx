import { useId, type ReactNode } from 'react';
import './auth-ui.css';

/** The centred card every account page sits in. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Room for two fields side by side on larger screens. */
  wide?: boolean;
}) {
  const headingId = useId();
  return (
    <div className="auth-page">
      <section className={wide ? 'auth-card auth-card--wide' : 'auth-card'} aria-labelledby={headingId}>
        <h1 id={headingId} className="auth-card__title">
          {title}
        </h1>
        {intro && <div className="auth-card__intro">{intro}</div>}
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </section>
    </div>
  );
}

/** A request's failure, announced at once. Renders nothing without a message. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="form-alert">
      {message}
    </div>
  );
}

/** A success notice, announced politely. */
export function FormNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="status" className="form-notice">
      {message}
    </div>
  );
}

/** Submit button that is disabled and says what it is doing while a request runs. */
export function SubmitButton({ busy, busyText, children, disabled }: { busy: boolean; busyText: string; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="submit" className="button auth-submit" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyText : children}
    </button>
  );
}

/** SPEC: "Step N of 3" above a multi-step form, with a bar for sighted users. */
export function StepIndicator({ current, total }: { current: number; total: number }) {
  return (
    <div className="steps">
      <p className="steps__text">{`Step ${current} of ${total}`}</p>
      <ol className="steps__bar" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <li key={i} className={i < current ? 'steps__dot steps__dot--done' : 'steps__dot'} />
        ))}
      </ol>
    </div>
  );
}
