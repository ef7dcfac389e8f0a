import { useId, useState } from 'react';

interface InfoTipProps {
  /** The button's name, e.g. "About Active Users". */
  label: string;
  /** The explanation, shown on hover, focus or a tap, and read as the button's description. */
  children: string;
}

/** A small "i" button with a tooltip: reachable by keyboard, shown on focus and hover, hidden by Escape. */
export function InfoTip({ label, children }: InfoTipProps) {
  const tipId = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="adm-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="adm-tip__button"
        aria-label={label}
        aria-describedby={tipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span id={tipId} role="tooltip" className="adm-tip__bubble" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
