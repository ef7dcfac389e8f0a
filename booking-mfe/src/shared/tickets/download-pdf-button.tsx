import { useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '@sports/api-client';
import { describeError } from '../errors';
import type { PdfTicket } from './pdf-ticket';
import { saveFile } from './save-file';

interface DownloadPdfButtonProps {
  /** The tickets to print, one page each (read when the button is pressed). */
  load: () => Promise<PdfTicket[]>;
  fileName: string;
  /** Said after "Download PDF" to screen readers (e.g. " of all 3 tickets"). */
  detail?: ReactNode;
  className?: string;
}

/**
 * "Download PDF": the PDF library is downloaded only now (its own chunk, never on the home page),
 * then the file is made in the browser and saved.
 */
export function DownloadPdfButton({ load, fileName, detail, className = 'bk-button bk-button--secondary' }: DownloadPdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const [tickets, { ticketsPdf }] = await Promise.all([load(), import(/* webpackChunkName: "booking-ticket-pdf" */ './ticket-pdf')]);
      saveFile(await ticketsPdf(tickets), fileName, 'application/pdf');
    } catch (error) {
      setProblem(error instanceof ApiError ? describeError(error) : 'The PDF could not be made. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={className} aria-busy={busy || undefined} onClick={() => void download()}>
        {busy ? 'Preparing PDF…' : 'Download PDF'}
        {!busy && detail ? <span className="bk-visually-hidden">{detail}</span> : null}
      </button>
      {problem ? (
        <p className="bk-inline-alert" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
