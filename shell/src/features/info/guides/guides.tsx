import type { ReactNode } from 'react';
import { Link } from '@sports/router';
import { SITE_GUIDES, type GuideSlug } from '@sports/ui';
import { SeasonCalendar } from './season-calendar';

export interface GuideSection {
  heading: string;
  body: ReactNode;
}

export interface Guide {
  slug: GuideSlug;
  title: string;
  lead: string;
  sections: GuideSection[];
  /** Guides to read next, shown at the foot of the page. */
  related: GuideSlug[];
}

type GuideText = Omit<Guide, 'slug' | 'title'>;

/**
 * The DISCOVER MORE guides' text. It says what the site and the gate do today (holds, payment methods,
 * signed QR tickets, refund policies, giving tickets); change it with the product.
 */
const TEXT: Record<GuideSlug, GuideText> = {
  'what-to-bring': {
    lead: 'Your ticket QR code, a valid ID and a water bottle: what to pack for a smooth entry.',
    sections: [
      {
        heading: 'Your tickets',
        body: (
          <>
            <p>
              Every seat has its own ticket with its own QR code, and each ticket lets one person in once. Open your tickets from{' '}
              <Link to="/my-tickets">My Account</Link> on your phone, or download them as a PDF and print them. Turn your screen brightness up at
              the gate so the QR code scans at once.
            </p>
            <p>
              Under each QR code is a short code. If the code will not scan, the staff can type it in. Coming as a group? Everyone can enter
              together with the buyer, or the buyer can give each friend their own ticket from My Account before check-in opens.
            </p>
          </>
        ),
      },
      {
        heading: 'A valid ID',
        body: (
          <p>
            The gate scans your QR code, not your ID, but carry a valid ID with a photo (government or school ID). Staff may ask for it if
            there is a question about a ticket.
          </p>
        ),
      },
      {
        heading: 'Water and food',
        body: (
          <p>
            Sealed bottled water is allowed. Other food and drinks are sold at the stalls inside the venue, so bring some cash or your
            e-wallet.
          </p>
        ),
      },
      {
        heading: 'Also worth packing',
        body: (
          <ul>
            <li>A charged phone (and a power bank): your tickets live on it.</li>
            <li>An umbrella or a cap for the walk from the car park or the jeepney stop.</li>
          </ul>
        ),
      },
      {
        heading: 'Not sure about something?',
        body: (
          <p>
            For anything this page does not answer (pets, banners, a child on your lap) ask us on the <Link to="/contact">Contact Us</Link> page,
            naming the event. We answer by email. The <Link to="/help">Help/FAQ</Link> answers the questions visitors ask most.
          </p>
        ),
      },
    ],
    related: ['parking-guide', 'getting-started'],
  },
  'season-guide': {
    lead: 'Sports, concerts and community nights month by month.',
    sections: [
      {
        heading: 'Three kinds of events',
        body: (
          <ul>
            <li>
              <Link to="/genre/sports">Sports</Link>: basketball, volleyball, futsal and multi-sport meets on the main court.
            </li>
            <li>
              <Link to="/genre/concert">Concerts</Link>: music festivals, band nights and other shows.
            </li>
            <li>
              <Link to="/genre/community">Community</Link>: fun runs, fairs, Zumba nights and other city events, many of them free.
            </li>
          </ul>
        ),
      },
      {
        heading: 'How the calendar fills up',
        body: (
          <p>
            Organizers ask for dates, and the Sports Complex reviews every request. An approved event appears on this page and under its
            genre at once, so check back often. Sales for an event close when it starts; earlier events are listed under{' '}
            <Link to="/events/past">Past Events</Link>. If an event you booked is moved or cancelled, we email you.
          </p>
        ),
      },
      {
        heading: 'Coming up, month by month',
        body: <SeasonCalendar />,
      },
    ],
    related: ['ticket-sale-prep', 'getting-started'],
  },
  'ticket-sale-prep': {
    lead: 'Log in early, pick your section and have your payment method ready.',
    sections: [
      {
        heading: 'Before the sale',
        body: (
          <ul>
            <li>
              <Link to="/register1">Create your account</Link> days ahead and confirm your email address with the link we send: buying waits for a
              confirmed address.
            </li>
            <li>Log in a little before the sale starts. A sign-in lasts 12 hours.</li>
            <li>
              Open the event&apos;s page and read its price, date and refund policy, so there are no surprises at checkout.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Pick your section',
        body: (
          <p>
            On the seat map, <strong>How many seats?</strong> finds the best block of seats side by side across the venue for up to 10 people,
            and opens that section with the seats chosen. You can also pick a section on the map and tap the seats you want. Taken seats are
            shown as Reserved.
          </p>
        ),
      },
      {
        heading: 'Check out within 10 minutes',
        body: (
          <p>
            Checkout holds your seats for you for 10 minutes, and shows the time left. Nobody else can take them meanwhile. If the time runs
            out, the seats go back on sale. If someone was faster, the site tells you exactly which seats were taken so you can pick others.
          </p>
        ),
      },
      {
        heading: 'Have your payment method ready',
        body: (
          <p>
            Pay with GCash, PayMaya, BDO or VISA, in full. The total is the event&apos;s price times your seats: the price on the event page is
            the price you pay. A lost connection or a double tap does not charge you twice: the site makes one order of one payment. Your QR
            tickets appear as soon as you have paid.
          </p>
        ),
      },
    ],
    related: ['getting-started', 'what-to-bring'],
  },
  'getting-started': {
    lead: 'Create an account and book your first seats in a few steps.',
    sections: [
      {
        heading: '1. Create your account',
        body: (
          <p>
            <Link to="/register1">Register</Link> in three short steps: your name, your address, then your email and a password. We email you a
            link: open it to confirm your address. You can also sign in with Google on the <Link to="/login">Login</Link> page.
          </p>
        ),
      },
      {
        heading: '2. Find an event',
        body: (
          <p>
            Browse <Link to="/genre/sports">Sports</Link>, <Link to="/genre/concert">Concert</Link> or{' '}
            <Link to="/genre/community">Community</Link> and open an event to read its date, venue, price and refund policy.
          </p>
        ),
      },
      {
        heading: '3. Choose your seats',
        body: (
          <p>
            Press <strong>Select Seat(s)</strong>, pick a section on the venue map (or let How many seats? find the best block), then tap the seats
            you want and press <strong>Checkout</strong>. You can book up to 10 seats at a time.
          </p>
        ),
      },
      {
        heading: '4. Pay and get your tickets',
        body: (
          <p>
            Your seats are held for 10 minutes. Choose GCash, PayMaya, BDO or VISA and press <strong>Pay and Generate QR</strong>. Each seat gets
            its own QR ticket, which we also email you. Free events skip the payment.
          </p>
        ),
      },
      {
        heading: '5. Come to the game',
        body: (
          <p>
            Your tickets stay in <Link to="/my-tickets">My Account</Link> on any device you log in on. Show each QR code at the gate, where it is
            scanned once. See <Link to="/help">Help/FAQ</Link> for refunds, changes and giving a ticket to a friend.
          </p>
        ),
      },
    ],
    related: ['ticket-sale-prep', 'what-to-bring'],
  },
  'parking-guide': {
    lead: 'Where to park, when the gates open and how to get out quickly.',
    sections: [
      {
        heading: 'Where to park',
        body: (
          <>
            <p>
              Each event&apos;s page gives its venue and address. Parking is not sold or reserved on this site: your ticket is for your seat
              only. For the parking of a particular event, ask us on the{' '}
              <Link to="/contact">Contact Us</Link> page, naming the event, and we will answer by email.
            </p>
            <p>Going by jeepney, tricycle or a ride-hailing car saves the search for a space: ask to be dropped at the gate.</p>
          </>
        ),
      },
      {
        heading: 'When the gates open',
        body: (
          <p>
            Check-in at the gate opens before the start, at a time the organizer sets for each event. Come early on a big night: the queue
            and the car park both take time. If you arrive before check-in opens, the gate staff will tell you when it does. Have your QR
            tickets open before you reach the front of the queue.
          </p>
        ),
      },
      {
        heading: 'Getting out quickly',
        body: (
          <ul>
            <li>Park facing the exit, and note where you left the car.</li>
            <li>Agree on a meeting point with your group before the event, in case phones are busy afterwards.</li>
            <li>Waiting ten minutes in your seat after the final buzzer often beats the queue out of the car park.</li>
          </ul>
        ),
      },
    ],
    related: ['what-to-bring', 'season-guide'],
  },
};

/** Every guide, in the home page's order. */
export const GUIDES: readonly Guide[] = SITE_GUIDES.map(({ slug, title }) => ({ slug, title, ...TEXT[slug] }));

/** The guide at /guides/<slug>, or null for an unknown slug. */
export function guideBySlug(slug: string | undefined): Guide | null {
  return GUIDES.find((guide) => guide.slug === slug) ?? null;
}
