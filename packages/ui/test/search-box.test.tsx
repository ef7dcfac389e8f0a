import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { SearchBox, useSearchParam } from '../src';
import { renderWithRouter } from './support/router';

const search = () => screen.getByTestId('search').textContent;
const box = () => screen.getByRole('searchbox', { name: 'Search accounts' });

function Results() {
  const [q] = useSearchParam('q');
  return <p>results for “{q}”</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function setup(url = '/list?page=4') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithRouter(
    <>
      <SearchBox label="Search accounts" />
      <Results />
      <Link to="?q=recent">Recent</Link>
    </>,
    url,
  );
  return user;
}

describe('SearchBox', () => {
  it('is a labelled search field in a search landmark', () => {
    setup();
    expect(screen.getByRole('search')).toContainElement(box());
  });

  it('writes the text to the URL once typing pauses for 300 ms, back on page 1', async () => {
    const user = setup();
    await user.type(box(), 'ana');
    act(() => jest.advanceTimersByTime(250));
    expect(search()).toBe('?page=4');
    act(() => jest.advanceTimersByTime(60));
    expect(search()).toBe('?q=ana');
    expect(screen.getByText('results for “ana”')).toBeInTheDocument();
  });

  it('trims what reaches the URL but leaves the field as typed', async () => {
    const user = setup('/list');
    await user.type(box(), 'ana ');
    act(() => jest.advanceTimersByTime(300));
    expect(search()).toBe('?q=ana');
    expect(box()).toHaveValue('ana ');
  });

  it('applies at once on Enter', async () => {
    const user = setup('/list');
    await user.type(box(), 'bo{Enter}');
    expect(search()).toBe('?q=bo');
  });

  it('starts from the URL and empties on Escape', async () => {
    const user = setup('/list?q=cruz&page=2');
    expect(box()).toHaveValue('cruz');
    await user.click(box());
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(search()).toBe('');
  });

  it('empties from its clear button, keeping focus in the field', async () => {
    const user = setup('/list?q=cruz');
    await user.click(screen.getByRole('button', { name: 'Clear search accounts' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(search()).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search accounts' })).not.toBeInTheDocument();
  });

  it('follows the URL when it changes from elsewhere (a link, Back)', async () => {
    const user = setup('/list');
    await user.type(box(), 'an');
    await user.click(screen.getByRole('link', { name: 'Recent' }));
    expect(box()).toHaveValue('recent');
    // The half-typed search was dropped, not written over the link's.
    act(() => jest.advanceTimersByTime(1000));
    expect(search()).toBe('?q=recent');
    await user.click(screen.getByRole('button', { name: 'History back' }));
    expect(search()).toBe('');
    expect(box()).toHaveValue('');
  });
});
