import { useState } from 'react';
import { organizerQueries } from '@sports/api-client/organizer';
import { keepPreviousData, useQuery } from '@sports/query';
import { RESPONSE_SENT, REVIEW_ORDERS, REVIEW_RESPONSE_FILTERS } from '@sports/contracts';
import type { OrganizerReview, ReviewOrder, ReviewResponseFilter } from '@sports/contracts';
import { DataTable, DataToolbar, FilterSelect, SearchBox, StatusBadge, UrlPager, queryTableState, useFilterParam, usePageParam, useSearchParam } from '@sports/ui';
import type { DataColumn } from '@sports/ui';
import { ReviewRespondDialog } from './respond-dialog';
import { RowMenu } from './row-menu';
import { StarRating } from '@sports/ui/star-rating';

const ORDER_LABELS: Record<ReviewOrder, string> = { newest: 'Newest first', oldest: 'Oldest first', highest: 'Highest rating', lowest: 'Lowest rating' };
const RESPONSE_LABELS: Record<ReviewResponseFilter, string> = { responded: 'Responded', not_responded: 'Not responded' };

function columns(onRespond: (review: OrganizerReview) => void): ReadonlyArray<DataColumn<OrganizerReview>> {
  return [
    { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
    { id: 'rating', header: 'Rating', cell: (r) => <StarRating rating={r.rating} withNumber />, className: 'ds-cell--nowrap' },
    {
      id: 'review',
      header: 'Review',
      cell: (r) => (
        <>
          <span className="org-review__text">{r.review}</span>
          <span className="org-review__event">
            {r.event.name}
            {r.attended ? (
              <>
                {' '}
                <StatusBadge tone="success" className="org-review__attended">
                  Attended
                </StatusBadge>
              </>
            ) : null}
          </span>
        </>
      ),
    },
    { id: 'date', header: 'Date Received', cell: (r) => <time dateTime={r.dateReceived}>{r.date}</time>, className: 'ds-cell--nowrap' },
    {
      id: 'response',
      header: 'Response Status',
      cell: (r) => (r.responseStatus ? <StatusBadge tone="success">{RESPONSE_SENT}</StatusBadge> : <StatusBadge tone="neutral">Awaiting response</StatusBadge>),
      className: 'ds-cell--nowrap',
    },
    {
      id: 'actions',
      header: <span className="ds-visually-hidden">Actions</span>,
      align: 'end',
      cell: (r) => <RowMenu label={`Actions for the review by ${r.name}`} items={[{ label: r.responded ? 'View response' : 'Respond', onSelect: () => onRespond(r) }]} />,
    },
  ];
}

/** Reviews (/organizer/reviews): the reviews of the caller's events, ordered, filtered and paged on the server; Send Response. */
export default function ReviewsPage() {
  const [order, setOrder] = useFilterParam('order', { allowed: REVIEW_ORDERS, fallback: 'newest' });
  const [response, setResponse] = useFilterParam('response', { allowed: REVIEW_RESPONSE_FILTERS });
  const [eventName] = useSearchParam('eventName');
  const [page] = usePageParam();
  const [responding, setResponding] = useState<OrganizerReview | null>(null);
  const reviews = useQuery({
    ...organizerQueries.reviews({ page, order: order === 'newest' ? null : (order as ReviewOrder), eventName, response: (response || null) as ReviewResponseFilter | null }),
    placeholderData: keepPreviousData,
  });
  const count = reviews.data?.allReviews;

  return (
    <section className="ds-page" aria-labelledby="reviews-heading">
      <h1 id="reviews-heading">
        Reviews{count !== undefined ? <span className="org-count"> ({count.toLocaleString('en-PH')})</span> : null}
      </h1>
      <p className="ds-page__subtitle">What your attendees said, and your answers to them.</p>
      <DataToolbar label="Order and filter reviews">
        <FilterSelect label="Order by" value={order} onChange={setOrder} options={REVIEW_ORDERS.map((o) => ({ value: o, label: ORDER_LABELS[o] }))} />
        <SearchBox label="Event name" param="eventName" placeholder="Part of the event's name" />
        <FilterSelect label="Filter" value={response} onChange={setResponse} options={REVIEW_RESPONSE_FILTERS.map((f) => ({ value: f, label: RESPONSE_LABELS[f] }))} allLabel="All reviews" />
      </DataToolbar>
      <DataTable
        caption="Reviews of your events"
        captionHidden
        columns={columns(setResponding)}
        rowKey="id"
        minWidth="56rem"
        emptyMessage={eventName || response ? 'No reviews match these filters.' : 'No reviews yet. Attendees can review an event after they are checked in.'}
        {...queryTableState(reviews, (data) => data.reviews)}
      />
      <UrlPager format="of" label="Review pages" pageCount={reviews.data?.totalPages} total={reviews.data?.total} totalLabel="Reviews" />
      <ReviewRespondDialog review={responding} onClose={() => setResponding(null)} />
    </section>
  );
}
