import { useState } from 'react';
import type { OrderSummary } from '@sports/contracts';
import { ConfirmDialog } from '@sports/ui';
import { useReleaseOrder } from './api/use-release-order';
import { seatNamesText } from './holds';

export const RELEASE_QUESTION = 'Release these seats?';

interface ReleaseSeatsButtonProps {
  order: OrderSummary;
  /** Off while something else runs on the order (its payment). */
  disabled?: boolean;
  /** The button's accessible name when the page shows several holds; it starts with its visible text. */
  label?: string;
  /** After the server gave the seats back. */
  onReleased?: (released: OrderSummary) => void;
}

/**
 * Release seats, asked first: giving a hold back cannot be undone (someone else may take the seats),
 * so a dialog says what happens and the hold is released only on its confirm.
 */
export function ReleaseSeatsButton({ order, disabled = false, label, onReleased }: ReleaseSeatsButtonProps) {
  const releaseOrder = useReleaseOrder();
  const [asking, setAsking] = useState(false);
  const seats = seatNamesText(order);
  return (
    <>
      <button
        type="button"
        className="bk-button bk-button--secondary"
        aria-label={label}
        aria-haspopup="dialog"
        disabled={disabled || releaseOrder.isPending}
        onClick={() => setAsking(true)}
      >
        {releaseOrder.isPending ? 'Releasing…' : 'Release seats'}
      </button>
      {/* The kit's dialog takes its colours from a ds-area around it. */}
      <div className="ds-area">
        <ConfirmDialog
          open={asking}
          title={RELEASE_QUESTION}
          message={`Seats ${seats} of ${order.event.title} go back on sale at once. To have them again you would select them again, if they are still free.`}
          confirmLabel="Release seats"
          cancelLabel="Keep my seats"
          busyLabel="Releasing…"
          tone="danger"
          onConfirm={async () => {
            const released = await releaseOrder.mutateAsync(order.orderId);
            onReleased?.(released);
          }}
          onClose={() => setAsking(false)}
        />
      </div>
    </>
  );
}
