import { Link } from '@sports/router';
import './info.css';

/** /about: what the Sports Complex is, what this site does for visitors and organizers, and how to reach us. */
export function AboutPage() {
  return (
    <article className="page info-page">
      <h1>About Us</h1>
      <p className="info-page__lead">
        The Sports Complex is the city&apos;s home for basketball and volleyball games, concerts, pageants and community nights. This is its own
        ticketing site: the one place to book a seat for what plays here.
      </p>

      <h2>The Sports Complex</h2>
      <p>
        The venue has 13 seating sections around the main court, from the lower boxes nearest the action to the upper boxes. Leagues, schools,
        artists and city groups hold their events here, and every event is reviewed by the Sports Complex before it goes on sale.
      </p>

      <h2>What this site does</h2>
      <ul>
        <li>
          Lists every approved event by genre: <Link to="/genre/sports">Sports</Link>, <Link to="/genre/concert">Concert</Link> and{' '}
          <Link to="/genre/community">Community</Link>, many of the community events free.
        </li>
        <li>Lets you choose your own seats on the venue map, or find the best block of seats side by side for your group.</li>
        <li>Holds your seats for 10 minutes while you pay with GCash, PayMaya, BDO or VISA.</li>
        <li>Gives every seat its own signed QR ticket, checked once at the gate, so a copied or altered ticket does not get in.</li>
        <li>Keeps your tickets in My Account on every device, lets you give a ticket to a friend, and emails you if your event is moved or cancelled.</li>
        <li>Lets organizers run their events: event requests, seat plans, attendee lists, check-in at the gate and replies to reviews.</li>
      </ul>

      <h2>How to reach us</h2>
      <p>
        Write to us on the <Link to="/contact">Contact Us</Link> page: anyone can send a question, and we answer by email. The answers visitors
        need most are already on <Link to="/help">Help/FAQ</Link>.
      </p>

      <h2>Read more</h2>
      <ul>
        <li>
          <Link to="/ticketing-truths">Ticketing Truths</Link>: plain facts about how tickets work here.
        </li>
        <li>
          <Link to="/help">Help/FAQ</Link>: answers to the questions visitors send us.
        </li>
        <li>
          <Link to="/privacy">Privacy Policy</Link>: what we keep about you and why.
        </li>
        <li>
          <Link to="/guides/getting-started">Getting Started</Link>: your first booking, step by step.
        </li>
      </ul>
    </article>
  );
}
