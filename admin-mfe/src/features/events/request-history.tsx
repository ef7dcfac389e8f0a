import type { EventHistoryEntry, EventHistoryStep } from '@sports/contracts';

const STEP_LABELS: Record<EventHistoryStep, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  resubmitted: 'Resubmitted',
  edited: 'Edited',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
};

/** What a request went through, oldest first: who did what and when, a reason, and what an edit changed. */
export function RequestHistory({ history }: { history: readonly EventHistoryEntry[] }) {
  return (
    <ol className="adm-history">
      {history.map((entry, index) => (
        <li key={`${entry.step}-${entry.at}-${index}`} className={`adm-history__item adm-history__item--${entry.step}`}>
          <p className="adm-history__head">
            <strong>{STEP_LABELS[entry.step]}</strong>{' '}
            <time dateTime={entry.at}>
              {entry.date} {entry.time}
            </time>
            {entry.actor ? <span className="adm-subtle adm-subtle--inline"> by {entry.actor.name}</span> : null}
          </p>
          {entry.reason ? <p className="adm-history__reason">Reason: {entry.reason}</p> : null}
          {entry.changes.length > 0 ? (
            <ul className="adm-change">
              {entry.changes.map((c) => (
                <li key={c.field}>
                  <span className="adm-change__key">{c.field}:</span> {c.before ?? '—'} → {c.after ?? '—'}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
