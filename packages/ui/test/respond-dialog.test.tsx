import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { RespondDialog } from '../src';
import type { RespondDialogProps } from '../src';

function renderDialog(props: Partial<RespondDialogProps> = {}) {
  const onSend = jest.fn<void, [string]>();
  const onClose = jest.fn();
  const all: RespondDialogProps = {
    open: true,
    onClose,
    title: 'Respond to Mara',
    about: <blockquote>Is there parking?</blockquote>,
    label: 'Your response',
    hint: 'Mara receives this answer by email.',
    requiredMessage: 'A response is required',
    maxLength: 50,
    pending: false,
    error: null,
    onSend,
    ...props,
  };
  const view = render(<RespondDialog {...all} />);
  return { ...view, onSend, onClose, dialog: screen.getByRole('dialog', { name: 'Respond to Mara' }), user: userEvent.setup() };
}

test('shows what is answered, refuses a blank answer at the field, and sends the trimmed text', async () => {
  const { dialog, onSend, user } = renderDialog();
  expect(within(dialog).getByText('Is there parking?')).toBeInTheDocument();
  const field = within(dialog).getByRole('textbox', { name: 'Your response' });
  expect(field).toHaveFocus();
  expect(field).toHaveAccessibleDescription('Mara receives this answer by email.');
  expect(field).toHaveAttribute('maxlength', '50');

  await user.type(field, '   ');
  await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('A response is required');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveFocus();
  expect(onSend).not.toHaveBeenCalled();

  await user.type(field, ' The north lot. ');
  expect(field).not.toHaveAttribute('aria-invalid');
  await user.click(within(dialog).getByRole('button', { name: 'Send Response' }));
  expect(onSend).toHaveBeenCalledWith('The north lot.');
});

test('while sending it waits and cannot be dismissed; a failure is shown; Cancel closes', async () => {
  const { dialog, rerender, onClose, user } = renderDialog({ pending: true });
  expect(within(dialog).getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-busy', 'true');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await user.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();

  rerender(
    <RespondDialog
      open
      onClose={onClose}
      title="Respond to Mara"
      about={null}
      label="Your response"
      hint="hint"
      requiredMessage="required"
      maxLength={50}
      pending={false}
      error={new ApiError(500, 'Server error')}
      onSend={() => undefined}
    />,
  );
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Server error');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('an answered message shows its answer instead of the field, with nothing to send', () => {
  const { dialog } = renderDialog({ answered: <p>Sorry, we are adding a gate.</p> });
  expect(within(dialog).getByText('Sorry, we are adding a gate.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Send Response' })).not.toBeInTheDocument();
});
