import { ApiError } from '@sports/api-client';
import { bookSeats, bookingQueries, getBookedSeats, payOrder } from '@sports/api-client/booking';
import { QueryClient } from '@sports/query';
import { makeOrder, mockFetch } from './support';

const read = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) => new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options as never) as Promise<T>;

const REQUEST = { event_id: 1, section_id: 6, seat_numbers: [12, 13], user_id: 7 };

test('bookSeats: 200 resolves with the order', async () => {
  const order = makeOrder();
  const fetchMock = mockFetch({ '/backend/api/book-seats.php': { body: { success: true, booked: [12, 13], alreadyBooked: [], order } } });
  await expect(bookSeats(REQUEST)).resolves.toEqual({ success: true, booked: [12, 13], alreadyBooked: [], order });
  const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(init.method).toBe('POST');
  expect(init.credentials).toBe('include');
  expect(JSON.parse(String(init.body))).toEqual(REQUEST);
});

test('bookSeats: 409 resolves with the body naming the taken seats', async () => {
  mockFetch({ '/backend/api/book-seats.php': { status: 409, body: { success: false, booked: [], alreadyBooked: [13], error: 'taken' } } });
  await expect(bookSeats(REQUEST)).resolves.toEqual({ success: false, booked: [], alreadyBooked: [13], error: 'taken' });
});

test('bookSeats: other failures reject (ApiError with status and body; TypeError for the network)', async () => {
  mockFetch({ '/backend/api/book-seats.php': { status: 401, body: { success: false, error: 'Please log in' } } });
  const error = await bookSeats(REQUEST).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401, message: 'Please log in', body: { success: false, error: 'Please log in' } });

  mockFetch({ '/backend/api/book-seats.php': new TypeError('Failed to fetch') });
  await expect(bookSeats(REQUEST)).rejects.toBeInstanceOf(TypeError);

  mockFetch({ '/backend/api/book-seats.php': { body: { success: true, booked: [12] } } });
  await expect(bookSeats(REQUEST)).rejects.toBeInstanceOf(ApiError);
});

test('payOrder sends the Idempotency-Key header and resolves with the paid order', async () => {
  const ticket = { ticketId: 'T'.repeat(22), seat: 12, seatName: 'A12', code: 'K7QX-3MPD-9W', qr: 'SIGNED', checkedInAt: null, category: 'regular' as const };
  const paid = makeOrder({ status: 'paid', tickets: [ticket], paymentMethod: 'visa', paymentType: 'full' });
  const fetchMock = mockFetch({ '/api/orders/55/pay': { body: { success: true, order: paid } } });
  await expect(payOrder(55, 'visa', 'key-1')).resolves.toEqual(paid);
  const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(init.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'Content-Type': 'application/json', Accept: 'application/json' });
  expect(JSON.parse(String(init.body))).toEqual({ paymentMethod: 'visa', paymentType: 'full' });

  mockFetch({ '/api/orders/55/pay': { status: 410, body: { success: false, error: 'Hold expired' } } });
  await expect(payOrder(55, 'visa', 'key-1')).rejects.toMatchObject({ status: 410, message: 'Hold expired' });
});

test('reads: booked seats, availability, one order, my orders', async () => {
  const order = makeOrder();
  mockFetch({
    '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: [3, 4] } },
    '/api/events/1/availability': { body: { success: true, sections: [{ sectionId: 6, capacity: 150, available: 148, price: 150 }] } },
    '/api/orders/55': { body: { success: true, order } },
    '/api/my/orders': { body: { success: true, orders: [order] } },
  });
  await expect(getBookedSeats(1, 6)).resolves.toEqual([3, 4]);
  await expect(read(bookingQueries.availability(1))).resolves.toEqual([{ sectionId: 6, capacity: 150, available: 148, price: 150 }]);
  await expect(read(bookingQueries.order(55))).resolves.toEqual(order);
  await expect(read(bookingQueries.mine())).resolves.toEqual([order]);
});

test('an answer that breaks its contract is refused, not passed on', async () => {
  mockFetch({
    '/api/my/orders': { body: { success: true, orders: [makeOrder(), { nope: true }] } },
    '/api/orders/55': { body: { success: true, order: makeOrder({ status: 'lost' as never }) } },
    '/backend/api/get-booked-seats.php?event_id=1&section_id=6': { body: { bookedSeats: ['3'] } },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  for (const call of [read(bookingQueries.mine()), read(bookingQueries.order(55)), getBookedSeats(1, 6)]) {
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, contract: true, message: 'Unexpected answer from the ticketing server' });
  }
  expect(warn).toHaveBeenCalledTimes(3);
  warn.mockRestore();
});
