import { Link, useLocation } from '@sports/router';
import { useSession } from '../../session/session-context';
import { FeedbackForm } from './feedback-form';
import './info.css';

const FAQ: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'How do I book seats?',
    answer:
      'Open an event from Sports, Concert or Community, choose Select Seat(s), pick a section on the venue map and then your seats, and press Checkout. You need to be logged in to check out.',
  },
  {
    question: 'How long are my seats held?',
    answer: 'Seats you check out are held for you for 10 minutes. Pay within that time or they go back on sale.',
  },
  {
    question: 'How do I pay?',
    answer: 'Choose GCash, PayMaya, BDO or VISA at checkout. Full payment only; all payments are nonrefundable.',
  },
  {
    question: 'Where is my ticket?',
    answer: 'After paying you get a QR code. Show it at the gate on your phone or on paper. You can open it again any time from My Account.',
  },
  {
    question: 'Can I get a refund?',
    answer: 'Payments are nonrefundable, unless the organizer or the Sports Complex cancels the event.',
  },
  {
    question: 'I run events. How do I list mine?',
    answer: 'Organizer accounts create event requests; an admin reviews each one, and approved events appear under their genre at once.',
  },
];

/** /help: answers to common questions, and the feedback form for signed-in visitors. */
export function HelpPage() {
  const { user } = useSession();
  const location = useLocation();
  return (
    <article className="page info-page">
      <h1>Help/FAQ</h1>
      <p className="info-page__lead">Answers to the questions visitors ask most. Something else? Write to us on the <Link to="/contact">Contact Us</Link> page.</p>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <div className="faq">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="faq__item">
              <summary>{question}</summary>
              <p>{answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="info-card" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Send us feedback</h2>
        {user ? (
          <>
            <p className="info-card__intro">How was your visit, {user.first_name}? Rate us from 1 to 5 stars and tell us why.</p>
            <FeedbackForm />
          </>
        ) : (
          <p className="info-card__intro">
            Please <Link to="/login" state={{ from: location }}>log in</Link> to send feedback. You will come back to this page afterwards.
          </p>
        )}
      </section>
    </article>
  );
}
