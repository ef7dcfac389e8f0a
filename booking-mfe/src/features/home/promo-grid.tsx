import type { ComponentType } from 'react';
import { Link } from '@sports/router';
import { BasketballArt, MusicFestArt, PageantArt, ZumbaArt } from './art';

interface Promo {
  title: string;
  text: string;
  to: string;
  cta: string;
  Art: ComponentType;
}

/** SPEC "Home": a 2-column grid of 4 promo tiles. Each leads to the genre the event belongs to. */
const PROMOS: Promo[] = [
  {
    title: 'Pageant Night',
    text: 'Gowns, talent and a crown on the line under the arena lights.',
    to: '/genre/community',
    cta: 'See community events',
    Art: PageantArt,
  },
  {
    title: 'Music Fest',
    text: 'Local bands and big voices on one stage, all night long.',
    to: '/genre/concert',
    cta: 'See concerts',
    Art: MusicFestArt,
  },
  {
    title: 'Community Zumba',
    text: 'Bring your friends and dance your way to fitness, no experience needed.',
    to: '/genre/community',
    cta: 'See community events',
    Art: ZumbaArt,
  },
  {
    title: 'Basketball Semi-Final',
    text: 'Four teams left, two tickets to the final. Be there courtside.',
    to: '/genre/sports',
    cta: 'See sports events',
    Art: BasketballArt,
  },
];

export function PromoGrid() {
  return (
    <section className="bk-promos" aria-labelledby="bk-promos-heading">
      <h2 id="bk-promos-heading" className="bk-visually-hidden">
        Highlights at the complex
      </h2>
      <ul className="bk-promos__grid">
        {PROMOS.map(({ title, text, to, cta, Art }) => (
          <li key={title} className="bk-promo">
            <Art />
            <div className="bk-promo__body">
              <h3 className="bk-promo__title">{title}</h3>
              <p className="bk-promo__text">{text}</p>
              <Link className="bk-promo__link" to={to}>
                {cta}
                <span className="bk-visually-hidden"> ({title})</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
