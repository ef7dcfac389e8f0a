import { ApiError } from '@sports/api-client';
import { describeError } from '../src/shared/errors';

test('a 429 says when to try again, from Retry-After', () => {
  expect(describeError(new ApiError(429, 'Too many', null, 90))).toBe('Too many requests right now. Please try again in 2 minutes.');
  expect(describeError(new ApiError(429, 'Too many', null, 1))).toBe('Too many requests right now. Please try again in 1 second.');
  expect(describeError(new ApiError(429, 'Too many', null, null))).toBe('Too many requests right now. Please try again in a moment.');
});

test('server trouble, other refusals and network failures read as sentences a visitor can act on', () => {
  expect(describeError(new ApiError(503, 'x'))).toBe('The ticketing server had a problem. Please try again in a moment.');
  expect(describeError(new ApiError(404, 'Event not found'))).toBe('Event not found');
  expect(describeError(new TypeError('Failed to fetch'))).toBe('We could not reach the ticketing server. Check your connection and try again.');
});
