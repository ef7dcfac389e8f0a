import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Event } from '@sports/contracts';
import { usePrefersReducedMotion } from '../../shared/use-prefers-reduced-motion';
import { EventCard } from './event-card';

export const EMPTY_CATEGORY_MESSAGE = 'No events found in this category.';

interface Edges {
  atStart: boolean;
  atEnd: boolean;
}

function readEdges(el: HTMLElement): Edges {
  return { atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 };
}

/** A horizontally scrolling row of event cards with left/right scroll buttons (SPEC "Events by genre"). */
export function EventRow({ title, events }: { title: string; events: Event[] }) {
  const headingId = useId();
  const scrollerRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: true });
  const reducedMotion = usePrefersReducedMotion();

  const update = useCallback(() => {
    const el = scrollerRef.current;
    if (el) setEdges(readEdges(el));
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return undefined;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update, events]);

  const scroll = (direction: -1 | 1) => {
    const el = scrollerRef.current;
    if (!el) return;
    const left = direction * Math.max(el.clientWidth * 0.85, 200);
    if (typeof el.scrollBy === 'function') el.scrollBy({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
    else el.scrollLeft += left;
  };

  return (
    <section className="bk-row" aria-labelledby={headingId}>
      <div className="bk-row__header">
        <h2 id={headingId} className="bk-row__title">
          {title}
        </h2>
        {events.length > 0 && (
          <div className="bk-row__arrows">
            <button
              type="button"
              className="bk-row__arrow"
              aria-label={`Scroll ${title} left`}
              onClick={() => scroll(-1)}
              disabled={edges.atStart}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button
              type="button"
              className="bk-row__arrow"
              aria-label={`Scroll ${title} right`}
              onClick={() => scroll(1)}
              disabled={edges.atEnd}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </div>
        )}
      </div>
      {events.length === 0 ? (
        <p className="bk-row__empty">{EMPTY_CATEGORY_MESSAGE}</p>
      ) : (
        <ul ref={scrollerRef} className="bk-row__scroller">
          {events.map((event) => (
            <li key={event.id} className="bk-row__item">
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A row's place while its events load: three grey cards. */
export function EventRowSkeleton({ title }: { title: string }) {
  return (
    <section className="bk-row" aria-hidden="true">
      <div className="bk-row__header">
        <h2 className="bk-row__title">{title}</h2>
      </div>
      <div className="bk-row__scroller">
        {[0, 1, 2].map((i) => (
          <div key={i} className="bk-row__item">
            <div className="bk-event-card bk-event-card--skeleton">
              <div className="bk-event-card__image bk-skeleton" />
              <div className="bk-event-card__body">
                <div className="bk-skeleton bk-skeleton-line" />
                <div className="bk-skeleton bk-skeleton-line bk-skeleton-line--short" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
