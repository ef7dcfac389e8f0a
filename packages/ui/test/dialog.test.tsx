import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { ConfirmDialog, Dialog } from '../src';

// jsdom has no showModal: these tests cover the kit's own behaviour (the open attribute stands in).
// The browser suite e2e/kit.e2e.ts checks the native modal in Chromium.

function Opener({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Respond
      </button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Inquiry Resolution"
        footer={<button type="submit">Send Response</button>}
      >
        <label>
          Message <textarea />
        </label>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is closed at first, opens named by its title with focus on the first field', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    expect(screen.getByRole('dialog', { name: 'Inquiry Resolution' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['its close button', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('closes on %s, calls onClose and gives focus back to the opener', async (_how, close) => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Opener onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    await close(user);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Respond' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send Response' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send Response' })).toHaveFocus();
  });

  it('mounts its content only while open, so it starts afresh', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks!');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });
});

function Confirming({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Restrict
      </button>
      <ConfirmDialog
        open={open}
        title="Restrict this account?"
        message="Ana Cruz will not be able to log in."
        confirmLabel="Restrict"
        tone="danger"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('asks with its message, focus on Cancel, and Cancel closes without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    render(<Confirming onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    const dialog = screen.getByRole('dialog', { name: 'Restrict this account?' });
    expect(dialog).toHaveAccessibleDescription('Ana Cruz will not be able to log in.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is busy while the action runs (no dismissing), then closes', async () => {
    const user = userEvent.setup();
    const action = deferred();
    render(<Confirming onConfirm={() => action.promise} />);
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    const confirm = screen.getAllByRole('button', { name: 'Restrict' })[1]!;
    await user.click(confirm);
    const busy = screen.getByRole('button', { name: 'Working…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    action.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failure inside and stays open for another try', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn().mockRejectedValueOnce(new ApiError(409, 'This account is already restricted.')).mockResolvedValueOnce(undefined);
    render(<Confirming onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    await user.click(screen.getAllByRole('button', { name: 'Restrict' })[1]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is already restricted.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Restrict' })[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(2);
    // Opened again, it starts without the old error.
    await user.click(screen.getByRole('button', { name: 'Restrict' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
