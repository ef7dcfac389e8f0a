import type { AdminFeedback } from '@sports/contracts';
import { adminQueries } from '@sports/api-client/admin';
import { keepPreviousData, useQuery } from '@sports/query';
import { EmptyState, QueryView, UrlPager, usePageParam } from '@sports/ui';
import { AvatarIcon } from '../../shared/icons';
import { StarRating } from '@sports/ui/star-rating';

function FeedbackCard({ item }: { item: AdminFeedback }) {
  return (
    <article className="adm-feedback" aria-labelledby={`feedback-${item.id}`}>
      <header className="adm-feedback__head">
        <AvatarIcon />
        <div>
          <h2 id={`feedback-${item.id}`} className="adm-feedback__name">
            {item.name}
          </h2>
          <time className="adm-subtle" dateTime={item.createdAt}>
            {item.date} {item.time}
          </time>
        </div>
      </header>
      <StarRating rating={item.rating} className="adm-stars" />
      <p className="adm-feedback__comment">{item.comment}</p>
    </article>
  );
}

/** /admin/feedback: the visitors' ratings and comments, newest first, 10 a page. */
export default function FeedbackPage() {
  const [page] = usePageParam();
  const feedback = useQuery({ ...adminQueries.feedback(page), placeholderData: keepPreviousData });
  return (
    <section className="ds-page" aria-labelledby="feedback-heading">
      <h1 id="feedback-heading">Feedback</h1>
      <div aria-busy={feedback.isFetching || undefined} className={feedback.isPlaceholderData ? 'adm-stale' : undefined}>
        <QueryView
          query={feedback}
          isEmpty={(data) => data.feedback.length === 0}
          empty={<EmptyState title={page > 1 ? 'No feedback on this page.' : 'No feedback yet.'}>Visitors send feedback from the Help/FAQ page.</EmptyState>}
        >
          {(data) => (
            <ul className="adm-feedback-list">
              {data.feedback.map((item) => (
                <li key={item.id}>
                  <FeedbackCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      <UrlPager label="Feedback pages" pageCount={feedback.data?.totalPages} total={feedback.data?.total} totalLabel="Total Feedback" />
    </section>
  );
}
