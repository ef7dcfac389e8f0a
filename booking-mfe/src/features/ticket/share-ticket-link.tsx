import { useId, useRef, useState } from 'react';

type Shared = 'copied' | 'select' | null;

/**
 * The ticket's link, to forward to the friend who will use the seat: shown in a field, with Copy
 * link (and Share where the device has a share sheet). Where copying is refused, the link is
 * selected for the visitor to copy.
 */
export function ShareTicketLink({ url, title }: { url: string; title: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [shared, setShared] = useState<Shared>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch {
      field.current?.select();
      setShared('select');
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  }

  return (
    <div className="bk-share">
      <label className="bk-share__label" htmlFor={`${id}-link`}>
        Ticket link
      </label>
      <p className="bk-share__hint" id={`${id}-hint`}>
        Anyone with this link can open and use this ticket: send it only to the person who will sit in this seat.
      </p>
      <div className="bk-share__row">
        <input ref={field} id={`${id}-link`} className="bk-share__field" type="text" readOnly value={url} aria-describedby={`${id}-hint`} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="bk-button bk-button--secondary" onClick={() => void copy()}>
          Copy link
        </button>
        {canShare ? (
          <button type="button" className="bk-button bk-button--secondary" onClick={() => void share()}>
            Share
          </button>
        ) : null}
      </div>
      <p className="bk-share__status" role="status">
        {shared === 'copied' ? 'Link copied.' : shared === 'select' ? 'Copying was not allowed: the link is selected, copy it from the field.' : ''}
      </p>
    </div>
  );
}
