import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@sports/api-client';
import { EmptyState, ErrorState, LoadingState, StatusBadge, describeError } from '../src';

describe('ErrorState', () => {
  it('says plainly that a 403 is not allowed, with no Retry', () => {
    render(<ErrorState error={new ApiError(403, 'You do not have access to this.')} onRetry={jest.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says the same for a 403 without a server text', () => {
    expect(describeError(new ApiError(403, 'Request failed (403)'))).toEqual({ title: 'Not allowed', message: 'You do not have access to this.', retryable: false });
  });

  it('asks to check the connection when the request never arrived, with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<ErrorState error={new TypeError('Failed to fetch')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the server's text for other API errors", () => {
    render(<ErrorState error={new ApiError(409, 'This event was already approved.')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not be done');
    expect(screen.getByRole('alert')).toHaveTextContent('This event was already approved.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('falls back to a generic line when the server said nothing', () => {
    expect(describeError(new ApiError(502, 'Request failed (502)'))).toEqual({
      title: 'Something went wrong',
      message: 'The request could not be completed. Please try again.',
      retryable: true,
    });
  });

  it('never shows the internals of an unexpected error', () => {
    render(<ErrorState error={new Error('Cannot read properties of undefined (reading "rows")')} onRetry={jest.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('alert')).not.toHaveTextContent('undefined');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('LoadingState and EmptyState', () => {
  it('announce loading politely and say what is empty', () => {
    render(
      <>
        <LoadingState />
        <EmptyState title="No reviews yet">Reviews appear here after your events.</EmptyState>
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.getByText('Reviews appear here after your events.')).toBeInTheDocument();
  });
});

describe('StatusBadge', () => {
  it.each([
    ['success', 'Approved'],
    ['danger', 'Pending'],
    ['warning', 'Expiring'],
    ['neutral', 'Draft'],
  ] as const)('%s tone carries its text', (tone, text) => {
    render(<StatusBadge tone={tone}>{text}</StatusBadge>);
    expect(screen.getByText(text)).toHaveClass('ds-badge', `ds-badge--${tone}`);
  });
});
