import { fireEvent, render, screen } from './support/render';
import { MemoryRouter } from 'react-router';
import { HomePage } from '../src/features/home/home-page';
import { FEATURED, mockFetch } from './support/fetch-mock';
import { SITE_GUIDES } from '@sports/ui';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

test('renders the three featured events with Book Now links to /events/1, /events/2, /events/3', async () => {
  const fetchMock = mockFetch({ '/api/events/featured': { body: { success: true, featured: FEATURED } } });
  renderHome();

  expect(screen.getByRole('status')).toHaveTextContent('Loading featured events');

  // Hidden slides are inert and aria-hidden; all three links still exist in the carousel.
  const links = await screen.findAllByRole('link', { name: 'Book Now', hidden: true });
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/events/1', '/events/2', '/events/3']);
  // Only the visible slide's link is reachable.
  expect(screen.getAllByRole('link', { name: 'Book Now' })).toHaveLength(1);

  expect(fetchMock).toHaveBeenCalledWith('http://localhost:8000/api/events/featured', expect.objectContaining({ method: 'GET' }));
  const images = document.querySelectorAll('.bk-hero__image');
  expect([...images].map((img) => img.getAttribute('src'))).toEqual([
    'http://localhost:8000/images/featured-1.jpg',
    'http://localhost:8000/images/featured-2.jpg',
    'http://localhost:8000/images/featured-3.jpg',
  ]);
  images.forEach((img) => {
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });
});

test('shows 4 promo tiles and 5 DISCOVER MORE guides, each linking to its guide page', async () => {
  mockFetch({ '/api/events/featured': { body: { success: true, featured: FEATURED } } });
  renderHome();
  await screen.findAllByRole('link', { name: 'Book Now', hidden: true });

  for (const title of ['Pageant Night', 'Music Fest', 'Community Zumba', 'Basketball Semi-Final']) {
    expect(screen.getByRole('heading', { name: title, level: 3 })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'DISCOVER MORE', level: 2 })).toBeInTheDocument();
  const guides = ['What to Bring', 'Season Guide', 'Ticket-Sale Prep', 'Getting Started', 'Parking Guide'];
  expect(guides).toEqual(SITE_GUIDES.map((g) => g.title));
  for (const { slug, title } of SITE_GUIDES) {
    expect(screen.getByRole('link', { name: title })).toHaveAttribute('href', `/guides/${slug}`);
  }
  // Our own inline art only: no external image URLs outside the API's event images.
  expect(document.querySelectorAll('.bk-promo svg, .bk-guide svg')).toHaveLength(9);
});

test('a failed load shows a clear error and Retry loads the carousel', async () => {
  mockFetch({
    '/api/events/featured': [
      { status: 500, body: { success: false, error: 'boom' } },
      { body: { success: true, featured: FEATURED } },
    ],
  });
  renderHome();

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Featured events could not be loaded');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findAllByRole('link', { name: 'Book Now', hidden: true })).toHaveLength(3);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a network failure says the server could not be reached', async () => {
  mockFetch({ '/api/events/featured': new TypeError('Failed to fetch') });
  renderHome();
  expect(await screen.findByRole('alert')).toHaveTextContent('could not reach the ticketing server');
});
