import { useEffect } from 'react';
import { Link, useLocation } from '@sports/router';
import { useSession } from '../../session/session-context';
import { FeedbackForm } from './feedback-form';
import { HELP_TOPICS, questionOfHash } from './help-questions';
import './info.css';

/** Opens and shows the question that /help#<id> names (a link from a guide, or a shared address). */
function useOpenQuestionOfHash(hash: string) {
  useEffect(() => {
    const question = questionOfHash(hash);
    const details = question ? document.getElementById(question.id) : null;
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    details.scrollIntoView({ block: 'start' });
    details.querySelector('summary')?.focus();
  }, [hash]);
}

/** /help: answers to the questions visitors send, by topic, and the feedback form for signed-in visitors. */
export function HelpPage() {
  const { user } = useSession();
  const location = useLocation();
  useOpenQuestionOfHash(location.hash);
  return (
    <article className="page info-page">
      <h1>Help/FAQ</h1>
      <p className="info-page__lead">Answers to the questions visitors ask most. Something else? Write to us on the <Link to="/contact">Contact Us</Link> page.</p>

      <nav className="faq-topics" aria-label="Help topics">
        <ul>
          {HELP_TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`}>{topic.heading}</a>
            </li>
          ))}
        </ul>
      </nav>

      {HELP_TOPICS.map((topic) => (
        <section key={topic.id} aria-labelledby={topic.id}>
          <h2 id={topic.id}>{topic.heading}</h2>
          <div className="faq">
            {topic.questions.map(({ id, question, answer }) => (
              <details key={id} id={id} className="faq__item">
                <summary>{question}</summary>
                {answer}
              </details>
            ))}
          </div>
        </section>
      ))}

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
