import type { ReactNode } from 'react';
import { Link } from '@sports/router';

export interface HelpQuestion {
  /** The question's anchor: /help#<id> opens it. */
  id: string;
  question: string;
  answer: ReactNode;
}

export interface HelpTopic {
  id: string;
  heading: string;
  questions: HelpQuestion[];
}

/**
 * Help/FAQ: the questions visitors send us, grouped by topic. The answers say what the site and the
 * venue do today; change them with the product.
 */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'booking',
    heading: 'Booking and paying',
    questions: [
      {
        id: 'book-seats',
        question: 'How do I book seats?',
        answer: (
          <p>
            Open an event from Sports, Concert or Community, choose Select Seat(s), pick a section on the venue map and then your seats, and
            press Checkout. You need to be logged in, with your email address confirmed, to check out. <Link to="/guides/getting-started">Getting Started</Link>{' '}
            walks you through it.
          </p>
        ),
      },
      {
        id: 'seat-hold',
        question: 'How long are my seats held?',
        answer: <p>Seats you check out are held for you for 10 minutes. Pay within that time or they go back on sale.</p>,
      },
      {
        id: 'payment',
        question: 'How do I pay?',
        answer: (
          <p>
            Choose GCash, PayMaya, BDO or VISA at checkout. Full payment only. The price on the event page is the price you pay: there are no
            added fees.
          </p>
        ),
      },
      {
        id: 'no-qr-code',
        question: 'I paid but did not receive my QR code. What should I do?',
        answer: (
          <p>
            Your tickets appear on screen as soon as the payment goes through, and we email them too. Log in and open{' '}
            <Link to="/my-tickets">My Account</Link>: every ticket you bought is there, on any device. If the order shows as expired or released
            instead of paid, the payment did not complete and the seats went back on sale: book again. Still stuck? Write to us on{' '}
            <Link to="/contact">Contact Us</Link> with the event and the time you paid.
          </p>
        ),
      },
      {
        id: 'children',
        question: 'Do children need their own ticket?',
        answer: (
          <p>
            Every ticket is for one seat and lets one person in, and the site sells no separate child tickets: a child who takes a seat needs a
            ticket for it, at the event&apos;s price. Whether a child below 3 may sit on your lap without a ticket is up to each event&apos;s
            organizer, so ask us on <Link to="/contact">Contact Us</Link>, naming the event, before you buy.
          </p>
        ),
      },
      {
        id: 'groups',
        question: 'Can our school or group book a whole section?',
        answer: (
          <p>
            One order holds up to 10 seats, so a small group books in one go and a larger one in several orders. For a group of 50 or 150, write
            to us on <Link to="/contact">Contact Us</Link> with the event and the number of people before you book, and we will answer by email.
          </p>
        ),
      },
      {
        id: 'receipt',
        question: 'Can I get an official receipt for my ticket purchase?',
        answer: (
          <p>
            Yes. Write to us on <Link to="/contact">Contact Us</Link> with your ticket&apos;s short code (under its QR code) and the name for the
            receipt, and we will send it by email.
          </p>
        ),
      },
    ],
  },
  {
    id: 'changes',
    heading: 'Refunds and changes',
    questions: [
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: (
          <p>
            It depends on the event&apos;s refund policy, shown on its page under Refunds. If it offers a full refund until a date, cancel the order
            yourself in <Link to="/my-tickets">My Account</Link> before then and the whole amount goes back to your payment method. If it says No
            refunds, payments are nonrefundable. If the organizer or the Sports Complex cancels the event, everyone is refunded in full without
            asking. See <Link to="/ticketing-truths">Ticketing Truths</Link>.
          </p>
        ),
      },
      {
        id: 'change-seats',
        question: 'Can I change the seats on a ticket I already paid for?',
        answer: (
          <p>
            Not directly: a paid ticket is for its seat. Before you pay, Release seats at checkout and choose again. After you pay, if the
            event&apos;s refund policy still allows it, cancel the order in <Link to="/my-tickets">My Account</Link> for a full refund (its seats go
            back on sale) and book the seats you want. If the event gives no refunds, the seats cannot be changed.
          </p>
        ),
      },
      {
        id: 'give-ticket',
        question: 'Can I give my ticket to someone else?',
        answer: (
          <p>
            Yes, free of charge, from <Link to="/my-tickets">My Account</Link>: enter their email address. They get a new ticket with a new QR code
            and yours stops working. You can take it back until they claim it. Tickets can be given until check-in for the event opens.
          </p>
        ),
      },
      {
        id: 'event-moved',
        question: 'What happens if my event is moved or cancelled?',
        answer: (
          <p>
            We email every ticket holder. A moved event keeps your tickets valid for the new date. A cancelled event is refunded in full to your
            payment method, without asking.
          </p>
        ),
      },
    ],
  },
  {
    id: 'visit',
    heading: 'At the venue',
    questions: [
      {
        id: 'parking',
        question: 'Is there parking at the Sports Complex?',
        answer: (
          <p>
            Parking is not sold or reserved on this site. The <Link to="/guides/parking-guide">Parking Guide</Link> has our tips; for the parking
            of a particular event, ask us on <Link to="/contact">Contact Us</Link>, naming the event.
          </p>
        ),
      },
      {
        id: 'gates',
        question: 'What time do the gates open?',
        answer: (
          <p>
            Check-in opens before the start, at a time the organizer sets for each event. Have your QR code ready for scanning; if you come before check-in opens, the gate tells you when it does.
          </p>
        ),
      },
      {
        id: 'wheelchair',
        question: 'Is the venue wheelchair accessible, and which sections are best?',
        answer: (
          <p>
            The seat map does not mark wheelchair places yet, so please write to us on <Link to="/contact">Contact Us</Link> before you book, naming
            the event and how many people are in your party. We will answer by email with the sections that suit you and how to reach them. The
            site itself works with a keyboard and a screen reader, seat map included.
          </p>
        ),
      },
      {
        id: 'food',
        question: 'Are outside food and drinks allowed?',
        answer: <p>Sealed bottled water is allowed. Other food and drinks are available from the stalls inside the venue.</p>,
      },
      {
        id: 'pets',
        question: 'Are pets allowed?',
        answer: (
          <p>
            That depends on the event. Ask us on <Link to="/contact">Contact Us</Link>, naming the event, before you come. See also{' '}
            <Link to="/guides/what-to-bring">What to Bring</Link>.
          </p>
        ),
      },
      {
        id: 'tickets-at-gate',
        question: 'Where is my ticket?',
        answer: (
          <p>
            After paying you get a QR code for each seat. Show it at the gate on your phone or on paper (Download PDF). You can open it again any
            time from <Link to="/my-tickets">My Account</Link>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'account',
    heading: 'Your account and organizers',
    questions: [
      {
        id: 'reset-code',
        question: 'I forgot my password and the reset code expired. What now?',
        answer: (
          <p>
            Codes are valid for 10 minutes. Request a new code from <Link to="/ForgotPassword">Forgot Password</Link> on the login page and enter
            it right away. You can ask for up to 3 codes an hour.
          </p>
        ),
      },
      {
        id: 'organizers',
        question: 'I run events. How do I list mine?',
        answer: (
          <p>
            Events are listed by organizer accounts: an organizer sends an event request, the Sports Complex reviews it, and an approved event
            appears under its genre at once. To hold your organization&apos;s event here, follow Ticket your Event at the foot of the page, or write
            to us on <Link to="/contact">Contact Us</Link>.
          </p>
        ),
      },
    ],
  },
];

/** The question a /help#<id> address names, or null. */
export function questionOfHash(hash: string): HelpQuestion | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
  if (id === '') return null;
  for (const topic of HELP_TOPICS) {
    const found = topic.questions.find((q) => q.id === id);
    if (found) return found;
  }
  return null;
}
