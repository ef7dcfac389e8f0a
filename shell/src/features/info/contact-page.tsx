import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@sports/router';
import { useSession } from '../../session/session-context';
import { FormAlert, SubmitButton } from '../auth-ui/auth-card';
import { requestErrorMessage } from '../auth-ui/errors';
import { EmailField, TextAreaField, TextField } from '../auth-ui/fields';
import { useFocusFirstError } from '../auth-ui/use-focus-first-error';
import { emailError } from '../auth-ui/validation';
import { useSendInquiry } from './api/use-send-inquiry';
import { EMAIL_MAX, INQUIRY_MESSAGE_MAX, INQUIRY_NAME_MAX } from './limits';
import './info.css';

interface Errors {
  name?: string;
  email?: string;
  message?: string;
}

function validate(name: string, email: string, message: string): Errors {
  return {
    name: name.trim() === '' ? 'Name is required' : undefined,
    email: emailError(email),
    message: message.trim() === '' ? 'Message is required' : undefined,
  };
}

/** /contact: anyone may send the Sports Complex a question (POST /api/inquiries); an admin answers by email. */
export function ContactPage() {
  const { user } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const [name, setName] = useState(() => (user ? `${user.first_name} ${user.last_name}`.trim() : ''));
  const [email, setEmail] = useState(() => user?.email ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inquiry = useSendInquiry();
  const busy = inquiry.isPending;
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validate(name, email, message);
    setErrors(found);
    setFailure(null);
    if (found.name || found.email || found.message) {
      focusFirstError();
      return;
    }
    inquiry.mutate(
      { name, email, message },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setMessage('');
          requestAnimationFrame(() => doneRef.current?.focus());
        },
        onError: (error) => setFailure(requestErrorMessage(error, 'Your message could not be sent. Please try again.')),
      },
    );
  }

  return (
    <article className="page info-page">
      <h1>Contact Us</h1>
      <p className="info-page__lead">
        Questions about an event, a booking or your account? Send us a message and we will answer by email. For quick answers, see{' '}
        <Link to="/help">Help/FAQ</Link>.
      </p>

      {sentTo ? (
        <section className="info-card info-done" aria-labelledby="contact-done">
          <h2 id="contact-done" ref={doneRef} tabIndex={-1}>
            Message sent
          </h2>
          <p role="status">Thank you! Your message has been sent. We will reply to {sentTo}.</p>
          <button type="button" className="auth-secondary" onClick={() => setSentTo(null)}>
            Send another message
          </button>
        </section>
      ) : (
        <section className="info-card" aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">Send us a message</h2>
          <form ref={formRef} className="auth-form" aria-labelledby="contact-form-heading" noValidate onSubmit={submit}>
            <FormAlert message={failure} />
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              required
              maxLength={INQUIRY_NAME_MAX}
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <EmailField maxLength={EMAIL_MAX} value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
            <TextAreaField
              label="Message"
              name="message"
              rows={6}
              required
              maxLength={INQUIRY_MESSAGE_MAX}
              hint={`Up to ${INQUIRY_MESSAGE_MAX.toLocaleString('en-US')} characters.`}
              value={message}
              error={errors.message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <SubmitButton busy={busy} busyText="Sending…">
              Send Message
            </SubmitButton>
          </form>
        </section>
      )}
    </article>
  );
}
