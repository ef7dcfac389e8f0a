// Keeping keyboard focus inside a modal panel (a dialog, a navigation drawer).

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The elements Tab reaches inside `container`, in order (hidden ones left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  // Without layout (jsdom) nothing has a box: only the hidden attribute tells then.
  const laidOut = container.getClientRects().length > 0;
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]') && (!laidOut || element.getClientRects().length > 0),
  );
}

/**
 * Handles a Tab keydown inside a modal panel: from the last element Tab goes to the first, from
 * the first Shift+Tab goes to the last, and focus outside the panel comes back in.
 */
export function keepTabInside(event: { key: string; shiftKey: boolean; preventDefault(): void }, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(container);
  const firstItem = items[0];
  const lastItem = items[items.length - 1];
  if (!firstItem || !lastItem) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof Node && container.contains(active) && active !== container;
  if (event.shiftKey && (!inside || active === firstItem)) {
    event.preventDefault();
    lastItem.focus();
  } else if (!event.shiftKey && (!inside || active === lastItem)) {
    event.preventDefault();
    firstItem.focus();
  }
}
