import type { ReactNode } from 'react';
import './transfer.css';

/** One ticket in a list of transfers: which ticket, then its state or action, and what went wrong under it. */
export function TransferItem({ title, facts, problem, children }: { title: string; facts: ReactNode; problem: string | null; children: ReactNode }) {
  return (
    <li className="bk-sent-ticket">
      <div className="bk-sent-ticket__what">
        <p className="bk-sent-ticket__title">{title}</p>
        <p className="bk-sent-ticket__seat">{facts}</p>
      </div>
      <div className="bk-sent-ticket__state">{children}</div>
      {problem && (
        <p className="bk-inline-alert" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/** A titled list of transfers on My Tickets, with a note on what can still be done. */
export function TransferSection({ titleId, title, note, children }: { titleId: string; title: string; note: string; children: ReactNode }) {
  return (
    <section className="bk-transfers" aria-labelledby={titleId}>
      <h2 id={titleId} className="bk-transfers__title">
        {title}
      </h2>
      <p className="bk-transfers__note">{note}</p>
      <ul className="bk-sent-tickets">{children}</ul>
    </section>
  );
}
