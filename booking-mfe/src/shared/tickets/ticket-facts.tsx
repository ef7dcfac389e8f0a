import type { OrderTicket } from '@sports/contracts';
import { formatInstant } from '../format';

/** A ticket's short code as the API groups it (K7QX-3MPD-9W): what a person reads out or types at the gate. */
export function TicketCode({ code }: { code: string }) {
  return (
    <p className="bk-ticket-code">
      <span className="bk-ticket-code__label">Code</span> <code className="bk-ticket-code__value">{code}</code>
    </p>
  );
}

/** "Checked in" with the time, once the ticket was scanned at the gate; nothing before. */
export function CheckedInNote({ ticket }: { ticket: Pick<OrderTicket, 'checkedInAt'> }) {
  if (!ticket.checkedInAt) return null;
  const at = formatInstant(ticket.checkedInAt);
  return (
    <p className="bk-ticket-checked">
      Checked in
      {at ? (
        <>
          {' '}
          <time dateTime={ticket.checkedInAt}>{at}</time>
        </>
      ) : null}
    </p>
  );
}
