import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager, UrlPager, usePageParam } from '../src';
import { renderWithRouter } from './support/router';

const button = (name: string) => screen.getByRole('button', { name });

describe('Pager', () => {
  it('says "Page 1 of 25" with the total line, first and previous disabled on page 1', () => {
    render(<Pager page={1} pageCount={25} onPageChange={jest.fn()} total={250} totalLabel="Total Accounts" />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 25')).toBeInTheDocument();
    expect(screen.getByText('Total Accounts: 250')).toBeInTheDocument();
    expect(button('First page')).toBeDisabled();
    expect(button('Previous page')).toBeDisabled();
    expect(button('Next page')).toBeEnabled();
    expect(button('Last page')).toBeEnabled();
  });

  it('has the "1 of 5" variant, without a total line unless given', () => {
    render(<Pager page={1} pageCount={5} onPageChange={jest.fn()} format="of" label="Attendee pages" />);
    expect(screen.getByRole('navigation', { name: 'Attendee pages' })).toBeInTheDocument();
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
    expect(screen.queryByText(/Total/)).not.toBeInTheDocument();
  });

  it('disables next and last on the last page, and everything on a single page', () => {
    const { rerender } = render(<Pager page={25} pageCount={25} onPageChange={jest.fn()} />);
    expect(button('Next page')).toBeDisabled();
    expect(button('Last page')).toBeDisabled();
    expect(button('Previous page')).toBeEnabled();
    rerender(<Pager page={1} pageCount={0} onPageChange={jest.fn()} format="of" />);
    expect(screen.getByText('1 of 1')).toBeInTheDocument();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) expect(button(name)).toBeDisabled();
  });

  it('asks for the right pages', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<Pager page={5} pageCount={25} onPageChange={onPageChange} />);
    await user.click(button('First page'));
    await user.click(button('Previous page'));
    await user.click(button('Next page'));
    await user.click(button('Last page'));
    expect(onPageChange.mock.calls).toEqual([[1], [4], [6], [25]]);
  });

  it('hands focus to Previous when Next reaches the last page', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [page, setPage] = usePageParam();
      return <Pager page={page} pageCount={3} onPageChange={setPage} />;
    }
    renderWithRouter(<Controlled />, '/list?page=2');
    await user.click(button('Next page'));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(button('Next page')).toBeDisabled();
    expect(button('Previous page')).toHaveFocus();
  });
});

const search = () => screen.getByTestId('search').textContent;

describe('UrlPager', () => {
  it('keeps the page in the URL, one history entry per page', async () => {
    const user = userEvent.setup();
    renderWithRouter(<UrlPager pageCount={25} total={250} totalLabel="Total Accounts" />, '/list?q=ana');
    await user.click(button('Next page'));
    expect(search()).toBe('?q=ana&page=2');
    await user.click(button('Next page'));
    expect(screen.getByText('Page 3 of 25')).toBeInTheDocument();
    await user.click(button('History back'));
    expect(screen.getByText('Page 2 of 25')).toBeInTheDocument();
    expect(search()).toBe('?q=ana&page=2');
  });

  it('reads a reloaded URL', () => {
    renderWithRouter(<UrlPager pageCount={25} />, '/list?page=7');
    expect(screen.getByText('Page 7 of 25')).toBeInTheDocument();
  });

  it('moves a page past the end to the last page, replacing the entry', async () => {
    renderWithRouter(<UrlPager pageCount={5} format="of" />, '/list?page=30');
    expect(await screen.findByText('5 of 5')).toBeInTheDocument();
    expect(search()).toBe('?page=5');
  });

  it('waits for the page count before moving anything', () => {
    renderWithRouter(<UrlPager pageCount={undefined} />, '/list?page=30');
    expect(screen.getByText('Page 30')).toBeInTheDocument();
    expect(search()).toBe('?page=30');
    expect(button('Next page')).toBeDisabled();
  });

  it('turns junk in the URL into page 1', async () => {
    renderWithRouter(<UrlPager pageCount={5} />, '/list?page=abc&q=x');
    expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
    await act(async () => undefined);
    expect(search()).toBe('?q=x');
  });
});
