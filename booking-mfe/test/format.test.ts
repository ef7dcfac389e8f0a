import { formatPrice } from '@sports/ui';
import { formatEventDate, formatPesos, salesClosed } from '../src/shared/format';

test('peso prices use en-PH currency formatting; free events say FREE', () => {
  expect(formatPesos(150)).toBe('₱150.00');
  expect(formatPrice({ isFree: false, price: 500 })).toBe('₱500.00');
  expect(formatPrice({ isFree: true, price: 0 })).toBe('FREE');
  expect(formatPrice({ isFree: false, price: 0 })).toBe('FREE');
});

test('calendar dates never shift with the time zone', () => {
  expect(formatEventDate('2025-04-01')).toBe('Tue, Apr 1, 2025');
  expect(formatEventDate('2025-11-30')).toBe('Sun, Nov 30, 2025');
  expect(formatEventDate('not a date')).toBe('not a date');
});

test('sales close when the event starts', () => {
  const now = Date.parse('2025-06-01T10:00:00Z');
  expect(salesClosed({ startsAt: '2025-06-01T10:00:00Z' }, now)).toBe(true);
  expect(salesClosed({ startsAt: '2025-06-01T09:59:59Z' }, now)).toBe(true);
  expect(salesClosed({ startsAt: '2025-06-01T10:00:01Z' }, now)).toBe(false);
  expect(salesClosed({ startsAt: 'garbage' }, now)).toBe(false);
});
