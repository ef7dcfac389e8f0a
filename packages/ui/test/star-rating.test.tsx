import { render, screen } from '@testing-library/react';
import { StarRating } from '../src/star-rating';

test('draws five stars with the rating lit, says "Rated N out of 5" to screen readers only, and shows the number when asked', () => {
  const { container, rerender } = render(<StarRating rating={3} className="area-stars" />);
  const wrapper = container.firstElementChild as HTMLElement;
  expect(wrapper).toHaveClass('ds-stars', 'area-stars');
  expect(wrapper.querySelectorAll('.ds-star')).toHaveLength(5);
  expect(wrapper.querySelectorAll('.ds-star--on')).toHaveLength(3);
  expect(wrapper.querySelector('[aria-hidden="true"]')).toHaveTextContent('★★★★★');
  expect(screen.getByText('Rated 3 out of 5')).toHaveClass('ds-visually-hidden');
  expect(screen.queryByText('3 of 5')).not.toBeInTheDocument();

  rerender(<StarRating rating={1} withNumber />);
  expect(container.querySelectorAll('.ds-star--on')).toHaveLength(1);
  expect(screen.getByText('1 of 5').closest('[aria-hidden="true"]')).not.toBeNull();
  expect(screen.getByText('Rated 1 out of 5')).toBeInTheDocument();
});
