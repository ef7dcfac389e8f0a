import { act, fireEvent, render, screen, within } from './support/render';
import { MemoryRouter } from 'react-router';
import { HeroCarousel } from '../src/features/home/hero-carousel';
import { FEATURED, mockReducedMotion, removeMatchMedia } from './support/fetch-mock';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  removeMatchMedia();
});

function renderCarousel() {
  return render(
    <MemoryRouter>
      <HeroCarousel slides={FEATURED} />
    </MemoryRouter>,
  );
}

/** The one slide exposed to assistive technology (the others are aria-hidden and inert). */
function visibleSlideTitle(): string {
  const slide = screen.getByRole('group', { name: /of 3$/ });
  return within(slide).getByRole('heading').textContent ?? '';
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

test('shows the first slide, advances every 5000 ms and wraps 3 -> 1', () => {
  renderCarousel();
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
  advance(5000);
  expect(visibleSlideTitle()).toBe('Grand Beauty Pageant');
  advance(5000);
  expect(visibleSlideTitle()).toBe('Zumba Night');
  advance(5000);
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
});

test('previous from slide 1 goes to slide 3, next wraps back to slide 1', () => {
  renderCarousel();
  fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
  expect(visibleSlideTitle()).toBe('Zumba Night');
  fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
});

test('slide indicators jump to a slide and mark the current one', () => {
  renderCarousel();
  fireEvent.click(screen.getByRole('button', { name: 'Slide 3: Zumba Night' }));
  expect(visibleSlideTitle()).toBe('Zumba Night');
  expect(screen.getByRole('button', { name: 'Slide 3: Zumba Night' })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('button', { name: 'Slide 1: City Multi-Sport Games' })).not.toHaveAttribute('aria-current');
});

test('auto-advance pauses while keyboard focus is inside the carousel', () => {
  renderCarousel();
  const next = screen.getByRole('button', { name: 'Next slide' });
  act(() => next.focus());
  advance(15_000);
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');

  act(() => next.blur());
  advance(5000);
  expect(visibleSlideTitle()).toBe('Grand Beauty Pageant');
});

test('hovering the carousel pauses it too', () => {
  renderCarousel();
  const carousel = screen.getByRole('region', { name: 'Featured events' });
  fireEvent.mouseEnter(carousel);
  advance(15_000);
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
  fireEvent.mouseLeave(carousel);
  advance(5000);
  expect(visibleSlideTitle()).toBe('Grand Beauty Pageant');
});

test('the pause button stops rotation and announces slides politely', () => {
  renderCarousel();
  const track = document.querySelector('.bk-hero__track');
  expect(track).toHaveAttribute('aria-live', 'off');
  fireEvent.click(screen.getByRole('button', { name: 'Pause automatic slide show' }));
  expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  // The pause button holds focus after a click: blur it so only the toggle keeps the carousel still.
  act(() => (document.activeElement as HTMLElement | null)?.blur());
  advance(15_000);
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
  expect(track).toHaveAttribute('aria-live', 'polite');
});

test('reduced motion: no auto-advance, no slide animation, no pause button', () => {
  mockReducedMotion(true);
  renderCarousel();
  advance(30_000);
  expect(visibleSlideTitle()).toBe('City Multi-Sport Games');
  expect(screen.queryByRole('button', { name: /automatic slide show/ })).not.toBeInTheDocument();
  expect(document.querySelector('.bk-hero__track')).toHaveStyle({ transitionDuration: '0ms' });
});

test('slides move with the 700 ms transition otherwise', () => {
  renderCarousel();
  expect(document.querySelector('.bk-hero__track')).toHaveStyle({ transitionDuration: '700ms' });
});
