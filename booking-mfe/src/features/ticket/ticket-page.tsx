import { TICKET_CATEGORY_LABELS, ticketCategoryNote } from '@sports/contracts';
import { Link, useParams } from '@sports/router';
import { useQuery } from '@sports/query';
import { ticketViewQuery } from '../../shared/api/ticket-view';
import type { TicketView } from '../../shared/api/ticket-view';
import { isNotFound } from '../../shared/errors';
import { formatEventDate } from '../../shared/format';
import { SummaryRow } from '../../shared/order-summary';
import { ErrorState, LoadingStatus, NotFoundState } from '../../shared/status';
import { DownloadPdfButton } from '../../shared/tickets/download-pdf-button';
import { pdfTicketOf } from '../../shared/tickets/pdf-ticket';
import { CheckedInNote, TicketCode } from '../../shared/tickets/ticket-facts';
import { ticketLink } from '../../shared/tickets/ticket-path';
import { TicketQr } from '../../shared/tickets/ticket-qr';
import { ShareTicketLink } from './share-ticket-link';
import '../../shared/base.css';
import '../../shared/tickets/seat-tickets.css';
import './ticket-page.css';

function TicketShown({ view }: { view: TicketView }) {
  const { ticket, event } = view;
  return (
    <article className="bk-ticket-page" aria-labelledby="bk-ticket-page-title">
      <header className="bk-ticket-page__header">
        <p className="bk-ticket-page__kicker">Ticket · Seat {ticket.seatName}</p>
        <h1 className="bk-ticket-page__title" id="bk-ticket-page-title">
          {event.title}
        </h1>
      </header>
      <div className="bk-ticket-page__body">
        <div className="bk-ticket-page__pass">
          <div className="bk-ticket-qr">
            <TicketQr qr={ticket.qr} seatName={ticket.seatName} />
          </div>
          <TicketCode code={ticket.code} />
          <CheckedInNote ticket={ticket} />
        </div>
        <dl className="bk-summary bk-ticket-page__facts">
          <SummaryRow term="Date">
            <time dateTime={event.date}>{formatEventDate(event.date)}</time>
            {event.time ? `, ${event.time}` : ''}
          </SummaryRow>
          <SummaryRow term="Venue">{event.venue}</SummaryRow>
          <SummaryRow term="Section">{view.section.label}</SummaryRow>
          <SummaryRow term="Seat">{ticket.seatName}</SummaryRow>
          <SummaryRow term="Ticket">{ticketCategoryNote(ticket.category) ?? TICKET_CATEGORY_LABELS.regular}</SummaryRow>
          <SummaryRow term="Holder">{view.holder}</SummaryRow>
          <SummaryRow term="Order">{view.transactionNo}</SummaryRow>
        </dl>
      </div>
      <div className="bk-ticket-page__actions">
        <DownloadPdfButton className="bk-button bk-button--primary" load={async () => [pdfTicketOf(view)]} fileName={`ticket-${ticket.code}.pdf`} />
        <Link className="bk-button bk-button--secondary" to="/my-tickets">
          My tickets
        </Link>
      </div>
      <ShareTicketLink url={ticketLink(ticket.ticketId)} title={`Ticket for ${event.title}, seat ${ticket.seatName}`} />
    </article>
  );
}

/** One ticket on a page of its own (/tickets/:ticketId), for whoever holds the link: signed in or not. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const query = useQuery({ ...ticketViewQuery(ticketId), enabled: ticketId !== '' });
  let content;
  if (ticketId === '' || (query.isError && isNotFound(query.error))) {
    content = <NotFoundState title="Ticket not found" text="This ticket link is not valid. Check the link you were sent, or find your tickets under My Tickets." />;
  } else if (query.isPending) {
    content = (
      <div aria-busy="true">
        <LoadingStatus label="Loading the ticket…" />
        <div className="bk-ticket-page bk-ticket-page--placeholder bk-skeleton" aria-hidden="true" />
      </div>
    );
  } else if (query.isError) {
    content = <ErrorState title="This ticket could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    content = <TicketShown view={query.data} />;
  }
  return <div className="bk-page">{content}</div>;
}
