import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { apiErrorText } from '@sports/api-client';
import type { OrderTicket, SentTransfer } from '@sports/contracts';
import { Dialog } from '@sports/ui';
import { useGiveTicket } from '../api/use-transfers';

// The server decides; this only catches a plain typo before the confirmation step.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface GiveTicketDialogProps {
  open: boolean;
  ticket: Pick<OrderTicket, 'ticketId' | 'seatName'>;
  eventTitle: string;
  onClose: () => void;
  onGiven: (transfer: SentTransfer) => void;
}

/** Give one ticket by email: the address first, then a confirmation that says what happens. */
export function GiveTicketDialog({ open, ticket, eventTitle, onClose, onGiven }: GiveTicketDialogProps) {
  const fieldId = useId();
  const noteId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'address' | 'confirm'>('address');
  const [problem, setProblem] = useState<string | null>(null);
  const give = useGiveTicket();
  const address = email.trim().toLowerCase();

  const close = () => {
    setEmail('');
    setStep('address');
    setProblem(null);
    give.reset();
    onClose();
  };

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!address) return setProblem('Email is required');
    if (!EMAIL_SHAPE.test(address)) return setProblem('Invalid email format');
    setProblem(null);
    setStep('confirm');
  }

  function confirm() {
    if (give.isPending) return;
    setProblem(null);
    give.mutate(
      { ticketId: ticket.ticketId, email: address },
      {
        onSuccess: (transfer) => {
          close();
          onGiven(transfer);
        },
        onError: (error) => setProblem(apiErrorText(error) ?? 'The ticket could not be given. Please try again.'),
      },
    );
  }

  const failure = problem ? (
    <p className="bk-inline-alert bk-give__alert" role="alert">
      {problem}
    </p>
  ) : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Give this ticket to someone"
      describedBy={noteId}
      size="small"
      className="ds-area bk-give"
      dismissible={!give.isPending}
      initialFocusRef={step === 'address' ? emailRef : undefined}
    >
      {step === 'address' ? (
        <form onSubmit={next} noValidate>
          <p id={noteId} className="bk-give__text">
            {eventTitle}, seat {ticket.seatName}. They get a new ticket with its own QR code; yours stops working at once.
          </p>
          <div className="bk-field">
            <label htmlFor={fieldId}>Their email address</label>
            <input
              ref={emailRef}
              id={fieldId}
              type="email"
              autoComplete="off"
              value={email}
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {failure}
          <div className="bk-give__actions">
            <button type="button" className="bk-button bk-button--secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="bk-button bk-button--primary">
              Continue
            </button>
          </div>
        </form>
      ) : (
        <div>
          <p id={noteId} className="bk-give__text">
            Give your ticket for <strong>{eventTitle}</strong>, seat <strong>{ticket.seatName}</strong>, to <strong>{address}</strong>?
          </p>
          <p className="bk-give__text">
            Your QR code and short code for this seat stop working now. {address} gets the ticket once they accept it (or register with this address), and
            until then you can take it back.
          </p>
          {failure}
          <div className="bk-give__actions">
            <button type="button" className="bk-button bk-button--secondary" disabled={give.isPending} onClick={() => setStep('address')}>
              Back
            </button>
            <button type="button" className="bk-button bk-button--primary" disabled={give.isPending} aria-busy={give.isPending || undefined} onClick={confirm}>
              {give.isPending ? 'Giving…' : 'Give ticket'}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
