import type { CheckinResponse } from '@sports/contracts';
import { formatManilaDateTime } from '../../shared/format';
import { CHECKIN_TONE, isOverridable } from './checkin-results';

interface CheckinAnswerProps {
  answer: CheckinResponse;
  /** Changes with every answer, so a repeated identical answer still reads as a new one. */
  n?: number;
  /** Admit anyway (the same check-in with `override: true`); offered only when the answer allows it. */
  onOverride?: () => void;
  overriding?: boolean;
}

/**
 * One check-in answer, large and in colour: the headline (CHECKIN_HEADLINES), the API's sentence
 * (the holder, section and seats, or why not), the time of an accepted check-in, and for a ticket
 * outside the doors' window a deliberate second button, Admit anyway.
 */
export function CheckinAnswer({ answer, n, onOverride, overriding = false }: CheckinAnswerProps) {
  const offerOverride = onOverride !== undefined && isOverridable(answer);
  return (
    <div className={`org-scan__answer org-scan__answer--${CHECKIN_TONE[answer.result]}`} data-result={answer.result} data-scan={n}>
      <p className="org-scan__headline">{answer.headline}</p>
      <p className={answer.attendee && !offerOverride ? 'org-scan__who' : 'org-scan__message'}>{answer.message}</p>
      {offerOverride && answer.attendee ? (
        <p className="org-scan__who">
          {answer.attendee.name} · {answer.attendee.section}, {answer.attendee.seatNames.length === 1 ? 'seat' : 'seats'} {answer.attendee.seatNames.join(', ')}
        </p>
      ) : null}
      {answer.idCheck ? <p className="org-scan__idcheck">{answer.idCheck}</p> : null}
      {answer.result === 'checked_in' && answer.checkedInAt ? (
        <p className="org-scan__when">
          At {formatManilaDateTime(answer.checkedInAt)}
          {answer.overridden ? ', admitted outside the doors’ window (override, logged)' : ''}
        </p>
      ) : null}
      {offerOverride ? (
        <div className="org-scan__override">
          <button type="button" className="ds-button ds-button--danger" aria-busy={overriding || undefined} aria-disabled={overriding || undefined} onClick={() => !overriding && onOverride()}>
            {overriding ? 'Admitting…' : 'Admit anyway'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
