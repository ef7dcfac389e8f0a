import type { ComponentType } from 'react';
import { Link } from '@sports/router';
import { guidePath, type GuideSlug } from '@sports/ui';
import { BackpackIcon, ParkingIcon, SeasonIcon, StartIcon, TicketIcon } from './art';

interface Guide {
  slug: GuideSlug;
  title: string;
  text: string;
  Icon: ComponentType;
}

/** SPEC "Home": DISCOVER MORE, 5 guide cards, each leading to its guide's page (served by the shell). */
const GUIDES: Guide[] = [
  { slug: 'what-to-bring', title: 'What to Bring', text: 'Your ticket QR code, a valid ID and a water bottle: what to pack for a smooth entry.', Icon: BackpackIcon },
  { slug: 'season-guide', title: 'Season Guide', text: 'Sports, concerts and community nights month by month.', Icon: SeasonIcon },
  { slug: 'ticket-sale-prep', title: 'Ticket-Sale Prep', text: 'Log in early, pick your section and have your payment method ready.', Icon: TicketIcon },
  { slug: 'getting-started', title: 'Getting Started', text: 'Create an account and book your first seats in a few steps.', Icon: StartIcon },
  { slug: 'parking-guide', title: 'Parking Guide', text: 'Where to park, when the gates open and how to get out quickly.', Icon: ParkingIcon },
];

export function DiscoverMore() {
  return (
    <section className="bk-discover" aria-labelledby="bk-discover-heading">
      <h2 id="bk-discover-heading" className="bk-section-title">
        DISCOVER MORE
      </h2>
      <ul className="bk-discover__list">
        {GUIDES.map(({ slug, title, text, Icon }) => (
          <li key={title} className="bk-guide">
            <Icon />
            <h3 className="bk-guide__title">
              <Link className="bk-guide__link" to={guidePath(slug)}>
                {title}
              </Link>
            </h3>
            <p className="bk-guide__text">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
