import type { ComponentType } from 'react';
import { BackpackIcon, ParkingIcon, SeasonIcon, StartIcon, TicketIcon } from './art';

interface Guide {
  title: string;
  text: string;
  Icon: ComponentType;
}

/** SPEC "Home": DISCOVER MORE, 5 guide cards. The guides are not written yet: the links are placeholders. */
const GUIDES: Guide[] = [
  { title: 'What to Bring', text: 'Your ticket QR code, a valid ID and a water bottle: what to pack for a smooth entry.', Icon: BackpackIcon },
  { title: 'Season Guide', text: 'Sports, concerts and community nights month by month.', Icon: SeasonIcon },
  { title: 'Ticket-Sale Prep', text: 'Log in early, pick your section and have your payment method ready.', Icon: TicketIcon },
  { title: 'Getting Started', text: 'Create an account and book your first seats in a few steps.', Icon: StartIcon },
  { title: 'Parking Guide', text: 'Where to park, when the gates open and how to get out quickly.', Icon: ParkingIcon },
];

export function DiscoverMore() {
  return (
    <section className="bk-discover" aria-labelledby="bk-discover-heading">
      <h2 id="bk-discover-heading" className="bk-section-title">
        DISCOVER MORE
      </h2>
      <ul className="bk-discover__list">
        {GUIDES.map(({ title, text, Icon }) => (
          <li key={title} className="bk-guide">
            <Icon />
            <h3 className="bk-guide__title">
              {/* Placeholder link (SPEC): the guide pages do not exist yet. */}
              <a className="bk-guide__link" href="#">
                {title}
              </a>
            </h3>
            <p className="bk-guide__text">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
