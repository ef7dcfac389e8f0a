import { useId } from 'react';
import { Link } from '@sports/router';
import { assetUrl } from '@sports/api-client';
import type { FeaturedEvent } from '@sports/contracts';
import { CAROUSEL_TRANSITION_MS } from '../../shared/constants';
import { useCarousel } from './use-carousel';
import './home.css';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PlayPause({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {playing ? (
        <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
      ) : (
        <path d="M8 5l11 7-11 7z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * Hero carousel of the featured events (SPEC "Home"), built on the WAI-ARIA carousel pattern:
 * rotation control first, previous/next buttons, slides as labelled groups (only the visible one
 * is reachable), and slide indicators.
 */
export function HeroCarousel({ slides }: { slides: FeaturedEvent[] }) {
  const carousel = useCarousel({ count: slides.length });
  const { index, next, prev, goTo, rotating, playing, togglePlaying, reducedMotion, containerProps } = carousel;
  const trackId = useId();
  const several = slides.length > 1;

  return (
    <section className="bk-hero" aria-roledescription="carousel" aria-label="Featured events" {...containerProps}>
      {several && (
        <>
          {!reducedMotion && (
            <button
              type="button"
              className="bk-hero__control bk-hero__play"
              aria-label={playing ? 'Pause automatic slide show' : 'Start automatic slide show'}
              onClick={togglePlaying}
            >
              <PlayPause playing={playing} />
            </button>
          )}
          <button
            type="button"
            className="bk-hero__control bk-hero__arrow bk-hero__arrow--prev"
            aria-label="Previous slide"
            aria-controls={trackId}
            onClick={prev}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="bk-hero__control bk-hero__arrow bk-hero__arrow--next"
            aria-label="Next slide"
            aria-controls={trackId}
            onClick={next}
          >
            <Chevron direction="right" />
          </button>
        </>
      )}

      <div
        id={trackId}
        className="bk-hero__track"
        aria-live={rotating ? 'off' : 'polite'}
        style={{
          transform: `translateX(-${index * 100}%)`,
          transitionDuration: reducedMotion ? '0ms' : `${CAROUSEL_TRANSITION_MS}ms`,
        }}
      >
        {slides.map((slide, i) => {
          const hidden = i !== index;
          return (
            <div
              key={`${slide.eventId}-${i}`}
              className="bk-hero__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={hidden || undefined}
              inert={hidden}
            >
              <img
                className="bk-hero__image"
                src={assetUrl(slide.img)}
                alt=""
                width={1200}
                height={500}
                decoding="async"
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              <div className="bk-hero__content">
                <h2 className="bk-hero__title">{slide.title}</h2>
                <p className="bk-hero__text">{slide.text}</p>
                <Link className="bk-button bk-button--primary bk-hero__cta" to={`/events/${slide.eventId}`}>
                  {slide.button || 'Book Now'}
                </Link>
              </div>
            </div>
          );
        })}
      </div>

      {several && (
        <div className="bk-hero__dots" role="group" aria-label="Choose a featured event">
          {slides.map((slide, i) => (
            <button
              key={`${slide.eventId}-${i}`}
              type="button"
              className="bk-hero__dot"
              aria-label={`Slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              aria-controls={trackId}
              onClick={() => goTo(i)}
            >
              <span className="bk-hero__dot-mark" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
