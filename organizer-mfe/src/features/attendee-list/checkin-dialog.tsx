import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CheckinResponse } from '@sports/contracts';
import { Dialog, describeError } from '@sports/ui';
import { useScanTicket, useScansInFlight } from './api/use-scan-ticket';
import { CameraScanner } from '../../shared/camera-scanner';
import { CheckinAnswer } from './checkin-answer';

/** The latest answer; `qr` is what was sent, so Admit anyway can send it again with the override. */
type Answer = { kind: 'result'; scan: CheckinResponse; qr: string; n: number } | { kind: 'error'; title: string; message: string; n: number };

function ErrorPanel({ title, message, n }: { title: string; message: string; n: number }) {
  return (
    <div className="org-scan__answer org-scan__answer--bad" data-scan={n}>
      <p className="org-scan__headline">{title}</p>
      <p className="org-scan__message">{message}</p>
    </div>
  );
}

interface CheckinDialogProps {
  open: boolean;
  onClose: () => void;
  event: { id: number; name: string };
}

/**
 * Check-in at the gate. The code field keeps focus and submits on Enter, so a USB scanner (which
 * types the QR text and Enter), a paste or a short code typed by hand works, and it is empty again
 * at once for the next ticket. The camera reads codes into the same path. Each answer is shown
 * large, in colour, with its headline; a ticket outside the doors' window offers Admit anyway.
 */
export function CheckinDialog({ open, onClose, event }: CheckinDialogProps) {
  const scanTicket = useScanTicket(event.id);
  const scansInFlight = useScansInFlight();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [overriding, setOverriding] = useState(false);
  const sequence = useRef(0);

  function close() {
    setCode('');
    setAnswer(null);
    onClose();
  }

  async function submit(text: string, override = false) {
    const qr = text.trim();
    if (!qr) return;
    const n = ++sequence.current;
    try {
      const scan = await scanTicket.mutateAsync({ qr, override });
      if (n === sequence.current) setAnswer({ kind: 'result', scan, qr, n });
    } catch (error) {
      const { title, message } = describeError(error);
      if (n === sequence.current) setAnswer({ kind: 'error', title, message, n });
    }
  }

  async function admitAnyway(qr: string) {
    setOverriding(true);
    try {
      await submit(qr, true);
    } finally {
      setOverriding(false);
      inputRef.current?.focus();
    }
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const text = code;
    setCode('');
    inputRef.current?.focus();
    void submit(text);
  }

  let shown;
  if (answer?.kind === 'error') shown = <ErrorPanel title={answer.title} message={answer.message} n={answer.n} />;
  else if (answer) shown = <CheckinAnswer answer={answer.scan} n={answer.n} overriding={overriding} onOverride={() => void admitAnyway(answer.qr)} />;
  else shown = <p className="org-scan__idle">{scansInFlight > 0 ? 'Checking…' : 'Waiting for the first ticket.'}</p>;

  return (
    <Dialog open={open} onClose={close} title="Scan tickets" size="large" initialFocusRef={inputRef}>
      <p className="org-scan__for">
        Checking in for <strong>{event.name}</strong>.
      </p>
      <form className="org-scan__form" onSubmit={onSubmit} aria-label="Scan a ticket">
        <div className="ds-field org-field org-scan__field">
          <label className="ds-field__label" htmlFor={`${hintId}-input`}>
            Ticket code
          </label>
          <input
            id={`${hintId}-input`}
            ref={inputRef}
            className="ds-input org-scan__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            aria-describedby={hintId}
            placeholder="Scan the QR, or type the short code"
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <button type="submit" className="ds-button ds-button--primary">
          Check in
        </button>
      </form>
      <p id={hintId} className="org-field__hint org-scan__hint">
        Scan the QR code, paste its text, or type the ticket’s short code (like K7QX-3MPD-9W; dashes and spaces optional), then press Enter.
      </p>
      <CameraScanner onCode={(text) => void submit(text)} />
      <div className="org-scan__result" aria-live="assertive" aria-busy={scansInFlight > 0 || undefined}>
        {shown}
      </div>
    </Dialog>
  );
}
