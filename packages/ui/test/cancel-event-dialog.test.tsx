import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { CancelEventDialog, impactText, isCancellable } from '../src';
import type { CancelEventDialogProps } from '../src';

function renderDialog(props: Partial<CancelEventDialogProps> = {}) {
  const onConfirm = jest.fn<Promise<unknown>, [string]>(async () => undefined);
  const onClose = jest.fn();
  render(<CancelEventDialog event={{ name: 'League Final' }} impact={{ orders: 2, tickets: 3, amount: 750 }} onConfirm={onConfirm} onClose={onClose} maxLength={500} {...props} />);
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: 'Cancel League Final?' }), user: userEvent.setup() };
}

test('says what cancelling affects, in words a person reads', () => {
  expect(impactText({ orders: 2, tickets: 3, amount: 750 })).toBe('This cancels 3 tickets in 2 paid orders and refunds ₱750.00 to their buyers. Every buyer is mailed with your reason.');
  expect(impactText({ orders: 1, tickets: 1, amount: 0 })).toBe('This cancels 1 ticket in 1 paid order. Every buyer is mailed with your reason.');
  expect(impactText({ orders: 0, tickets: 0, amount: 0 })).toBe('No tickets have been sold: nobody needs a refund.');
});

test('a reason the API refuses marks the field; a good one cancels and closes', async () => {
  const { dialog, onConfirm, onClose, user } = renderDialog();
  onConfirm.mockRejectedValueOnce(new ApiError(400, 'A reason is required to cancel an event'));
  expect(within(dialog).getByText(/^This cancels 3 tickets in 2 paid orders and refunds ₱750\.00/)).toBeInTheDocument();
  const field = within(dialog).getByRole('textbox', { name: 'Reason for cancelling' });
  expect(field).toHaveAccessibleDescription('Required. Every ticket holder receives it by mail.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel event and refund' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required to cancel an event');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(onConfirm).toHaveBeenCalledWith('');
  expect(onClose).not.toHaveBeenCalled();

  await user.type(field, 'Typhoon signal no. 3');
  expect(field).not.toHaveAttribute('aria-invalid');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel event and refund' }));
  expect(onConfirm).toHaveBeenCalledWith('Typhoon signal no. 3');
  expect(onClose).toHaveBeenCalled();
});

test('an event that can no longer be cancelled says why, before and after trying', async () => {
  const { dialog, onConfirm, user } = renderDialog({ impact: null, impactError: 'This event is already cancelled.' });
  onConfirm.mockRejectedValueOnce(new ApiError(409, 'This event is already cancelled.'));
  expect(within(dialog).getByText('This event is already cancelled.')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason for cancelling' }), 'Again');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel event and refund' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('This event is already cancelled.');
  expect(within(dialog).getByRole('textbox', { name: 'Reason for cancelling' })).not.toHaveAttribute('aria-invalid');
});

test('Keep the event closes without cancelling', async () => {
  const { dialog, onConfirm, onClose, user } = renderDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Keep the event' }));
  expect(onClose).toHaveBeenCalled();
  expect(onConfirm).not.toHaveBeenCalled();
});

test('an event may be cancelled while approved, not cancelled and not over (its end, or its Manila day without one)', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z'); // 8:00 PM in Manila
  const event = { status: 'Approved', cancelledAt: null, startsAt: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T13:00:00.000Z' };
  expect(isCancellable(event, now)).toBe(true);
  expect(isCancellable({ ...event, endsAt: '2026-11-26T11:59:00.000Z' }, now)).toBe(false);
  // No end: over at midnight in Manila (16:00 UTC).
  expect(isCancellable({ ...event, endsAt: null }, now)).toBe(true);
  expect(isCancellable({ ...event, endsAt: null }, Date.parse('2026-11-26T16:00:00.000Z'))).toBe(false);
  expect(isCancellable({ ...event, status: 'Pending' }, now)).toBe(false);
  expect(isCancellable({ ...event, cancelledAt: '2026-11-25T00:00:00.000Z' }, now)).toBe(false);
});
