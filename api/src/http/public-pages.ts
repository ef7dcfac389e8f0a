// The event page's public answers (the event and its reviews), kept a moment per process: at a
// sale's opening thousands open the same page within seconds, and each would otherwise be queries.
// A change made through this process (an organizer's or admin's write, a review) drops them at
// once; one made through another process shows within PUBLIC_PAGE_KEEP_MS.
import type { RequestHandler } from 'express';
import type { Event, EventReviewsResponse } from '@sports/contracts';
import { createKeptAnswers } from './kept-answers';
import type { KeptAnswers } from './kept-answers';

export const PUBLIC_PAGE_KEEP_MS = 1_000;

export interface PublicPages {
  event: KeptAnswers<Event>;
  reviews: KeptAnswers<Omit<EventReviewsResponse, 'success'>>;
  clear(): void;
}

export function createPublicPages(keepMs = PUBLIC_PAGE_KEEP_MS): PublicPages {
  const event = createKeptAnswers<Event>({ keepMs });
  const reviews = createKeptAnswers<Omit<EventReviewsResponse, 'success'>>({ keepMs });
  return {
    event,
    reviews,
    clear() {
      event.clear();
      reviews.clear();
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Any write through the routes below it drops the kept pages: before it runs and once it answered. */
export function dropPublicPagesOnWrite(pages: PublicPages): RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) {
      pages.clear();
      res.on('finish', () => pages.clear());
    }
    next();
  };
}
