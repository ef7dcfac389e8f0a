import { useCallback, useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from 'react';
import './data-screens.css';
import { focusableIn, keepTabInside } from './focus-trap';

export interface DialogProps {
  open: boolean;
  /**
   * Called when the user closes the dialog (Escape, the close button, a click outside): clear the state
   * that opened it. The dialog closes when `open` becomes false.
   */
  onClose: () => void;
  /** The dialog's name (its heading, aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom (Save, Cancel, …). */
  footer?: ReactNode;
  /** The id of the text that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** Accessible name of the close button. Default 'Close'. */
  closeLabel?: string;
  /** What gets focus on open; default the first field or button of the body, else the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False while something must finish (a write in flight): Escape, outside clicks and × are ignored. */
  dismissible?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/**
 * A modal dialog on the native <dialog> (showModal: the page behind is inert). Focus moves in on
 * open, Tab stays inside, and focus returns to the opener on close. Escape, the close button and a
 * click on the backdrop call onClose. Its content is mounted only while open, so it starts afresh.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  describedBy,
  closeLabel = 'Close',
  initialFocusRef,
  dismissible = true,
  size = 'medium',
  className,
}: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressedOnBackdrop = useRef(false);

  // Read by the native listeners, which outlive a render.
  const latest = useRef({ open, onClose, dismissible });
  useEffect(() => {
    latest.current = { open, onClose, dismissible };
  });

  const requestClose = useCallback(() => {
    if (latest.current.dismissible) latest.current.onClose();
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      // jsdom (unit tests) has no showModal: the open attribute shows it there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = initialFocusRef?.current ?? (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ?? closeRef.current;
    first?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // Escape reaches the dialog as a keydown (handled below); other close requests (a phone's back
    // gesture) arrive as `cancel`. The dialog stays open until the caller sets open={false}.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // A close the browser forced anyway: tell the caller so its state follows.
    const onNativeClose = () => {
      if (latest.current.open && !dialog.open) latest.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
    };
  }, [requestClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    keepTabInside(event, dialog);
  }

  /** A click on the dialog element itself, outside its box, is a click on the backdrop. */
  function onBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
    const dialog = dialogRef.current;
    if (!dialog || event.target !== dialog) return false;
    const box = dialog.getBoundingClientRect();
    return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
  }

  return (
    <dialog
      ref={dialogRef}
      className={`ds-dialog ds-dialog--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = onBackdrop(event);
      }}
      onClick={(event) => {
        // Only a press and release both outside: selecting text from inside out does not close it.
        if (pressedOnBackdrop.current && onBackdrop(event)) requestClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {open ? (
        <div className="ds-dialog__panel">
          <header className="ds-dialog__head">
            <h2 id={titleId} className="ds-dialog__title">
              {title}
            </h2>
            <button ref={closeRef} type="button" className="ds-dialog__close" aria-label={closeLabel} title={closeLabel} onClick={requestClose}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div ref={bodyRef} className="ds-dialog__body">
            {children}
          </div>
          {footer ? <footer className="ds-dialog__foot">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
