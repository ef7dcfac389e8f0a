import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { DataArea, useToast } from '../src';

function Writer() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Account restricted.')}>
        Save
      </button>
      <button type="button" onClick={() => toast.error(new ApiError(403, 'You do not have access to this.'))}>
        Fail
      </button>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <DataArea area="admin">
      <Writer />
    </DataArea>,
  );
  return user;
}

describe('toasts', () => {
  it('announce a success politely without taking focus, and go after 5 s', async () => {
    const user = setup();
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const message = screen.getByText('Account restricted.');
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(save).toHaveFocus();
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Account restricted.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Account restricted.')).not.toBeInTheDocument();
  });

  it('announce an error assertively, described like the error state', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const message = screen.getByText('Not allowed. You do not have access to this.');
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
  });

  it('close from their button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Account restricted.')).not.toBeInTheDocument();
  });

  it('wait while the pointer rests on them', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.hover(screen.getByText('Account restricted.'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Account restricted.')).toBeInTheDocument();
    await user.unhover(screen.getByText('Account restricted.'));
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText('Account restricted.')).not.toBeInTheDocument();
  });

  it('need a provider', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Writer />)).toThrow('useToast needs a <ToastProvider>');
    error.mockRestore();
  });
});
