import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CheckinResponse } from '@sports/contracts';
import { Dialog, describeError } from '@sports/ui';
import { formatManilaDateTime } from '../../shared/format';
import { useScanTicket, useScansInFlight } from './api/use-scan-ticket';
import { CameraScanner } from './camera-scanner';
import { CHECKIN_TONE } from './checkin-results';

type Answer = { kind: 'result'; scan: CheckinResponse; n: number } | { kind: 'error'; title: string; message: string; n: number };

function AnswerPanel({ answer }: { answer: Answer }) {
  if (answer.kind === 'error') {
    return (
      <div className="org-scan__answer org-scan__answer--bad" data-scan={answer.n}>
        <p className="org-scan__headline">{answer.title}</p>
        <p className="org-scan__message">{answer.message}</p>
      </div>
    );
  }
  const { scan } = answer;
  // The API's sentence names the holder, section and seats (and the first scan's time when already in).
  return (
    <div className={`org-scan__answer org-scan__answer--${CHECKIN_TONE[scan.result]}`} data-result={scan.result} data-scan={answer.n}>
      <p className="org-scan__headline">{scan.headline}</p>
      <p className={scan.attendee ? 'org-scan__who' : 'org-scan__message'}>{scan.message}</p>
      {scan.result === 'checked_in' && scan.checkedInAt ? <p className="org-scan__when">At {formatManilaDateTime(scan.checkedInAt)}</p> : null}
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
 * types the code and Enter) or a paste works, and it is empty again at once for the next ticket.
 * The camera reads codes into the same path. Each answer is shown large, in colour, with its headline.
 */
export function CheckinDialog({ open, onClose, event }: CheckinDialogProps) {
  const scanTicket = useScanTicket(event.id);
  const scansInFlight = useScansInFlight();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const sequence = useRef(0);

  function close() {
    setCode('');
    setAnswer(null);
    onClose();
  }

  async function submit(text: string) {
    const qr = text.trim();
    if (!qr) return;
    const n = ++sequence.current;
    try {
      const scan = await scanTicket.mutateAsync(qr);
      if (n === sequence.current) setAnswer({ kind: 'result', scan, n });
    } catch (error) {
      const { title, message } = describeError(error);
      if (n === sequence.current) setAnswer({ kind: 'error', title, message, n });
    }
  }

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const text = code;
    setCode('');
    inputRef.current?.focus();
    void submit(text);
  }

  return (
    <Dialog open={open} onClose={close} title="Scan tickets" size="large" initialFocusRef={inputRef}>
      <p className="org-scan__for">
        Checking in for <strong>{event.name}</strong>.
      </p>
      <form className="org-scan__form" onSubmit={onSubmit} aria-label="Scan a ticket">
        <label className="ds-field org-field org-scan__field">
          <span className="ds-field__label">Ticket code</span>
          <input
            ref={inputRef}
            className="ds-input org-scan__input"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            placeholder="Scan, or paste the QR code text and press Enter"
            onChange={(e) => setCode(e.target.value)}
          />
        </label>
        <button type="submit" className="ds-button ds-button--primary">
          Check in
        </button>
      </form>
      <CameraScanner onCode={(text) => void submit(text)} />
      <div className="org-scan__result" aria-live="assertive" aria-busy={scansInFlight > 0 || undefined}>
        {answer ? <AnswerPanel answer={answer} /> : <p className="org-scan__idle">{scansInFlight > 0 ? 'Checking…' : 'Waiting for the first ticket.'}</p>}
      </div>
    </Dialog>
  );
}
