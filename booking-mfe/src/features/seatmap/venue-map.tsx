import { memo, useState } from 'react';
import type { UIEvent } from 'react';
import type { PlacedSection } from './section-colors';

export interface VenueMapProps {
  placed: readonly PlacedSection[];
  /** Free seats per section id; null while unknown (loading or failed). */
  available: ReadonlyMap<number, number> | null;
  highlighted: number | null;
  onSectionClick: (sectionId: number) => void;
  /** What sits in the middle: 'COURT' for sports, 'STAGE' otherwise. */
  centerLabel: string;
  /** Event 2 draws the venue mirrored: the entrance moves to the other side too. */
  mirrored: boolean;
  hintId: string;
  /** Each section's price, when the event's sections are priced differently; null otherwise. */
  priceOf: ((sectionId: number) => string) | null;
}

export function seatsLeftText(available: number): string {
  if (available <= 0) return 'Sold out';
  return `${available} ${available === 1 ? 'seat' : 'seats'} left`;
}

/**
 * Our own drawing of the arena (court in the middle, lower boxes around it, upper boxes in the
 * outer ring) with the 13 sections as real buttons placed by their map percentages.
 */
export const VenueMap = memo(function VenueMap({ placed, available, highlighted, onSectionClick, centerLabel, mirrored, hintId, priceOf }: VenueMapProps) {
  // The fading edge says "more this way" until the visitor has scrolled to the end.
  const [atEnd, setAtEnd] = useState(false);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    setAtEnd(el.scrollLeft + el.clientWidth >= el.scrollWidth - 2);
  };
  return (
    <>
      <p className="bk-venue-swipe" aria-hidden="true">
        Swipe sideways to see the whole venue →
      </p>
      <div className={`bk-venue-scroll${atEnd ? ' bk-venue-scroll--end' : ''}`} onScroll={onScroll}>
        <div className={`bk-venue${mirrored ? ' bk-venue--mirrored' : ''}`} role="group" aria-label="Venue map" aria-describedby={hintId}>
          <svg className="bk-venue__art" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="99" height="99" rx="3" className="bk-venue__bowl" vectorEffect="non-scaling-stroke" />
            <rect x="15" y="17" width="70" height="66" rx="2" className="bk-venue__concourse" vectorEffect="non-scaling-stroke" />
            <rect x="28" y="32" width="44" height="36" rx="1" className="bk-venue__court" vectorEffect="non-scaling-stroke" />
            {centerLabel === 'COURT' ? (
              <g className="bk-venue__lines">
                <line x1="50" y1="32" x2="50" y2="68" vectorEffect="non-scaling-stroke" />
                {/* rx:ry = 2:3 cancels the 3:2 drawing so the centre circle stays round. */}
                <ellipse cx="50" cy="50" rx="4" ry="6" vectorEffect="non-scaling-stroke" />
                <rect x="28" y="43" width="7" height="14" vectorEffect="non-scaling-stroke" />
                <rect x="65" y="43" width="7" height="14" vectorEffect="non-scaling-stroke" />
              </g>
            ) : (
              <rect x="33" y="39" width="34" height="22" rx="1" className="bk-venue__stage" vectorEffect="non-scaling-stroke" />
            )}
          </svg>
          <p className={`bk-venue__center${centerLabel === 'COURT' ? '' : ' bk-venue__center--stage'}`}>{centerLabel}</p>
          <p className="bk-venue__entrance" aria-hidden="true">
            Entrance
          </p>
          {placed.map(({ section, tone, box }) => {
            const left = available?.get(section.id);
            const soldOut = left !== undefined && left <= 0;
            return (
              <button
                key={section.id}
                type="button"
                className={`bk-venue__section bk-venue__section--${tone}${soldOut ? ' bk-venue__section--soldout' : ''}`}
                style={{ left: `${box.x}%`, top: `${box.y}%`, width: `${box.width}%`, height: `${box.height}%` }}
                aria-pressed={highlighted === section.id}
                disabled={soldOut}
                data-section-id={section.id}
                onClick={() => onSectionClick(section.id)}
              >
                <span className="bk-venue__label">{section.label}</span>
                {priceOf && (
                  <>
                    <span className="bk-visually-hidden">, </span>
                    <span className="bk-venue__price">{priceOf(section.id)}</span>
                  </>
                )}
                {left !== undefined && (
                  <>
                    <span className="bk-visually-hidden">, </span>
                    <span className="bk-venue__left">{seatsLeftText(left)}</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
      </div>
    </>
  );
});
