import { ApiError, configureApi } from '@sports/api-client';
import {
  applySeatPlan,
  attendeesCsvUrl,
  bannerUrl,
  checkInByHand,
  createEventRequest,
  createPromoCode,
  endPromoCode,
  organizerQueries,
  respondToReview,
  scanTicket,
  undoCheckin,
  resubmitEventRequest,
  updateEventRequest,
  uploadBanner,
} from '@sports/api-client/organizer';
import { reviewQueries, writeReview } from '@sports/api-client/reviews';
import { QueryClient } from '@sports/query';
import { mockFetch } from './support';

const read = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) => new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options as never) as Promise<T>;

const BANNER = { id: 'AAAAAAAAAAAAAAAAAAAAAA', url: '/api/banners/AAAAAAAAAAAAAAAAAAAAAA', contentType: 'image/png', width: 1200, height: 400, bytes: 2048 };
const DETAIL = {
  id: 31,
  name: 'Chess Open',
  description: 'Rapid chess',
  category: 'sports',
  status: 'Pending',
  rejectionReason: null,
  banner: BANNER,
  venueName: 'Main Hall',
  streetName: 'Rizal Ave',
  city: { code: '1380100000', name: 'City of Manila', province: 'NCR' },
  barangay: { code: '1380100001', name: 'Barangay 1' },
  start: '02-15-2099 06:00 am',
  end: '02-15-2099 09:00 am',
  startsAt: '2099-02-14T22:00:00.000Z',
  endsAt: '2099-02-15T01:00:00.000Z',
  price: 50,
  checkinOpensMinutes: 180,
  checkinClosesMinutes: 0,
  refundDaysBefore: null,
  cancelled: null,
  postponedFrom: null,
  editable: true,
  plannable: true,
  seatPlan: null,
  sectionPrices: [],
  ticketCategories: [],
};
const REQUEST = {
  name: 'Chess Open',
  description: 'Rapid chess',
  category: 'sports' as const,
  bannerId: BANNER.id,
  venueName: 'Main Hall',
  streetName: 'Rizal Ave',
  cityCode: '1380100000',
  barangayCode: '1380100001',
  start: '02-15-2099 06:00 am',
  end: '02-15-2099 09:00 am',
  price: 50,
  checkinOpensMinutes: 120,
  checkinClosesMinutes: 30,
};
const PLAN = { success: true, eventId: 31, plan: { rows: 5, columns: 8, capacity: 40, updatedAt: '2099-01-01T00:00:00.000Z' }, defaults: { rows: 6, columns: 10 }, limits: { min: 1, maxRows: 26, maxColumns: 50 }, heldOrSoldSeats: [], plannable: true };
const PAGE = { page: 2, pageSize: 10, totalPages: 3, total: 25 };

beforeEach(() => configureApi({ baseUrl: 'http://api.test' }));

function sent(fetchMock: jest.Mock, n = 0): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, init };
}

test('reads put only the set filters in the query string (page 1 and empty text left out)', async () => {
  const fetchMock = mockFetch({
    '/api/organizer/event-options': { body: { success: true, events: [], current: null } },
    '/api/organizer/events?page=2&search=chess&eventId=4': { body: { success: true, events: [], ...PAGE } },
    '/api/organizer/events': { body: { success: true, events: [], ...PAGE, page: 1 } },
    '/api/organizer/events/31/attendees?page=2&search=cruz&status=Present': { body: { success: true, event: { id: 31, name: 'x' }, attendees: [], counts: { all: 0, present: 0, absent: 0 }, ...PAGE } },
    '/api/organizer/reviews?order=lowest&eventId=4&eventName=run&response=not_responded': { body: { success: true, reviews: [], allReviews: 243, ...PAGE, page: 1 } },
    '/api/organizer/dashboard': { body: { success: true, eventId: null, asOf: 'x', cards: { noShows: 1, dueToday: 2, open: 3, all: 4 }, charts: { reservedByType: [], reservationProgress: [], noShowsByType: [] } } },
    '/api/organizer/dashboard?eventId=4': { body: { success: true, eventId: 4, asOf: 'x', cards: { noShows: 0, dueToday: 0, open: 0, all: 0 }, charts: { reservedByType: [], reservationProgress: [], noShowsByType: [] } } },
    '/api/organizer/cities?search=manila': { body: { success: true, cities: [{ code: '1380100000', name: 'City of Manila', province: 'NCR' }] } },
    '/api/organizer/events/31': { body: { success: true, event: DETAIL } },
    '/api/organizer/events/31/seat-plan': { body: PLAN },
    '/api/organizer/events/31/checkin-log?page=2': { body: { success: true, entries: [], ...PAGE } },
  });
  await expect(read(organizerQueries.eventOptions())).resolves.toEqual({ events: [], current: null });
  await expect(read(organizerQueries.events({ page: 2, search: ' chess ', eventId: 4 }))).resolves.toMatchObject({ total: 25 });
  await expect(read(organizerQueries.events())).resolves.toMatchObject({ page: 1 });
  await expect(read(organizerQueries.attendees(31, { page: 2, search: 'cruz', status: 'Present' }))).resolves.toMatchObject({ total: 25 });
  await expect(read(organizerQueries.reviews({ order: 'lowest', eventId: 4, eventName: 'run', response: 'not_responded' }))).resolves.toMatchObject({ allReviews: 243 });
  await expect(read(organizerQueries.dashboard())).resolves.toMatchObject({ cards: { all: 4 } });
  await expect(read(organizerQueries.dashboard(4))).resolves.toMatchObject({ eventId: 4 });
  await expect(read(organizerQueries.cities('manila'))).resolves.toEqual([{ code: '1380100000', name: 'City of Manila', province: 'NCR' }]);
  await expect(read(organizerQueries.event(31))).resolves.toEqual(DETAIL);
  await expect(read(organizerQueries.seatPlan(31))).resolves.toEqual(PLAN);
  await expect(read(organizerQueries.checkinLog(31, 2))).resolves.toMatchObject({ page: 2 });
  expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('http://api.test/api/'))).toBe(true);
  expect(fetchMock.mock.calls.every(([, init]) => (init as RequestInit).credentials === 'include')).toBe(true);
});

test('every read key starts with organizer, so one invalidation refreshes the area', () => {
  for (const options of [organizerQueries.eventOptions(), organizerQueries.events(), organizerQueries.attendees(1), organizerQueries.reviews(), organizerQueries.dashboard(), organizerQueries.seatPlan(1)]) {
    expect(options.queryKey[0]).toBe('organizer');
  }
  expect(organizerQueries.attendees(1, { page: 2 }).queryKey).not.toEqual(organizerQueries.attendees(1, { page: 3 }).queryKey);
});

test('uploadBanner sends the image itself as the body with its own type', async () => {
  const fetchMock = mockFetch({ '/api/organizer/banners': { status: 201, body: { success: true, banner: BANNER } } });
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  await expect(uploadBanner(png)).resolves.toEqual(BANNER);
  const { init } = sent(fetchMock);
  expect(init.method).toBe('POST');
  expect(init.body).toBe(png);
  expect(init.headers).toMatchObject({ 'Content-Type': 'image/png' });

  mockFetch({ '/api/organizer/banners': { status: 415, body: { success: false, error: 'Banner must be a PNG, JPEG or WebP image' } } });
  await expect(uploadBanner(png)).rejects.toMatchObject({ status: 415, message: 'Banner must be a PNG, JPEG or WebP image' });
});

test('create and update an event request; Apply Event; a refused shrink carries the API text', async () => {
  const fetchMock = mockFetch({
    '/api/organizer/events': { status: 201, body: { success: true, event: DETAIL } },
    '/api/organizer/events/31': { body: { success: true, event: { ...DETAIL, name: 'Chess Open 2' }, holdersMailed: 2 } },
    '/api/organizer/events/31/seat-plan': { body: PLAN },
    '/api/organizer/events/31/resubmit': { body: { success: true, event: { ...DETAIL, refundDaysBefore: 7 } } },
  });
  await expect(createEventRequest(REQUEST)).resolves.toEqual(DETAIL);
  expect(sent(fetchMock, 0).init.method).toBe('POST');
  expect(JSON.parse(String(sent(fetchMock, 0).init.body))).toEqual(REQUEST);
  await expect(updateEventRequest(31, { ...REQUEST, name: 'Chess Open 2' })).resolves.toEqual({ event: { ...DETAIL, name: 'Chess Open 2' }, holdersMailed: 2 });
  expect(sent(fetchMock, 1).init.method).toBe('PUT');
  await expect(applySeatPlan(31, { rows: 5, columns: 8 })).resolves.toEqual(PLAN);
  expect(sent(fetchMock, 2).init.method).toBe('PUT');
  expect(JSON.parse(String(sent(fetchMock, 2).init.body))).toEqual({ rows: 5, columns: 8 });
  await expect(resubmitEventRequest(31, { ...REQUEST, refundDaysBefore: 7 })).resolves.toMatchObject({ refundDaysBefore: 7 });
  expect([sent(fetchMock, 3).url, sent(fetchMock, 3).init.method]).toEqual(['http://api.test/api/organizer/events/31/resubmit', 'POST']);
  expect(JSON.parse(String(sent(fetchMock, 3).init.body))).toEqual({ ...REQUEST, refundDaysBefore: 7 });

  const text = 'This plan would drop seats that are already held or sold: 39, 40. Keep at least 40 seats.';
  mockFetch({ '/api/organizer/events/31/seat-plan': { status: 409, body: { success: false, error: text } } });
  const error = await applySeatPlan(31, { rows: 1, columns: 1 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 409, message: text });
});

test('scan, check in by hand, undo and respond post their bodies; the scan answer is checked against its contract', async () => {
  const answer = {
    success: true,
    result: 'checked_in',
    headline: 'Checked in',
    message: 'Ana Cruz · Lower Box A, seat A3',
    checkedInAt: '2099-01-01T10:00:00.000Z',
    attendee: { ticketId: 'tkt_A3', code: 'K7QX-3MPD-9W', orderId: 7, transactionNo: 'TXN-00000007', name: 'Ana Cruz', section: 'Lower Box A', seats: [3], seatNames: ['A3'], categories: ['regular'], event: { id: 31, name: 'x' } },
    ticketEvent: null,
    doors: null,
    overridable: false,
    overridden: false,
    idCheck: null,
  };
  const review = { id: 3, name: 'Ana Cruz', rating: 4, review: 'Nice', dateReceived: 'x', date: '01-01-2099', event: { id: 31, name: 'x' }, attended: true, responded: true, responseStatus: 'Response Sent', response: 'Thanks', respondedAt: 'y' };
  const fetchMock = mockFetch({
    '/api/organizer/checkins': { body: answer },
    '/api/organizer/tickets/tkt_A3/checkin': { body: answer },
    '/api/organizer/tickets/tkt_A3/checkin/undo': { body: { success: true, ticketId: 'tkt_A3', status: 'Absent', undoneCheckedInAt: 'x' } },
    '/api/organizer/reviews/3/response': { body: { success: true, review, mailed: true } },
  });
  await expect(scanTicket('{"ticket_id":"t"}', 31)).resolves.toEqual(answer);
  expect(JSON.parse(String(sent(fetchMock, 0).init.body))).toEqual({ qr: '{"ticket_id":"t"}', eventId: 31 });
  await scanTicket('k7qx 3mpd 9w', null, { override: true });
  expect(JSON.parse(String(sent(fetchMock, 1).init.body))).toEqual({ qr: 'k7qx 3mpd 9w', override: true });
  await expect(checkInByHand('tkt_A3', 31)).resolves.toEqual(answer);
  expect(JSON.parse(String(sent(fetchMock, 2).init.body))).toEqual({ eventId: 31 });
  await checkInByHand('tkt_A3', 31, { override: true });
  expect(JSON.parse(String(sent(fetchMock, 3).init.body))).toEqual({ eventId: 31, override: true });
  await expect(undoCheckin('tkt_A3', 'Wrong person')).resolves.toMatchObject({ ticketId: 'tkt_A3', status: 'Absent' });
  expect(JSON.parse(String(sent(fetchMock, 4).init.body))).toEqual({ reason: 'Wrong person' });
  await expect(respondToReview(3, 'Thanks')).resolves.toMatchObject({ mailed: true, review: { responseStatus: 'Response Sent' } });
  expect(JSON.parse(String(sent(fetchMock, 5).init.body))).toEqual({ message: 'Thanks' });

  mockFetch({ '/api/organizer/checkins': { body: { ...answer, result: 'let_in' } } });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await expect(scanTicket('code')).rejects.toMatchObject({ contract: true });
  warn.mockRestore();
});

test('the CSV and banner URLs are absolute on the API, with the filters', () => {
  expect(attendeesCsvUrl(31)).toBe('http://api.test/api/organizer/events/31/attendees.csv');
  expect(attendeesCsvUrl(31, { search: ' ana cruz ', status: 'Absent' })).toBe('http://api.test/api/organizer/events/31/attendees.csv?search=ana+cruz&status=Absent');
  expect(bannerUrl(BANNER)).toBe(`http://api.test${BANNER.url}`);
});

test('the visitor: an order review, writing one, and my reviews', async () => {
  const mine = { id: 5, orderId: 9, event: { id: 24, name: 'Fun Run' }, rating: 5, text: 'Great', attended: true, createdAt: 'x', response: null, respondedAt: null };
  const fetchMock = mockFetch({
    '/api/orders/9/review': { body: { success: true, orderId: 9, event: { id: 24, name: 'Fun Run' }, canReview: true, cannotReview: null, review: null } },
    '/api/my/reviews': { body: { success: true, reviews: [mine] } },
  });
  await expect(read(reviewQueries.forOrder(9))).resolves.toMatchObject({ canReview: true });
  await expect(read(reviewQueries.mine())).resolves.toEqual([mine]);
  mockFetch({ '/api/orders/9/review': { status: 201, body: { success: true, review: mine } } });
  await expect(writeReview(9, { rating: 5, text: 'Great' })).resolves.toEqual(mine);
  expect(fetchMock).toHaveBeenCalledTimes(2);

  mockFetch({ '/api/orders/9/review': { status: 409, body: { success: false, error: 'You have already reviewed this event.' } } });
  await expect(writeReview(9, { rating: 5, text: 'Again' })).rejects.toMatchObject({ status: 409, message: 'You have already reviewed this event.' });
});

test('promo codes: the list and the pricing options are organizer reads; create and end post to the event’s codes', async () => {
  const code = { id: 5, code: 'LESS50', kind: 'amount', value: 50, sections: null, categories: null, maxUses: null, perAccount: null, validFrom: null, validUntil: null, uses: 0, status: 'Active', createdAt: 'x' };
  const fetchMock = mockFetch({
    '/api/organizer/events/31/promo-codes': { status: 201, body: { success: true, promoCode: code } },
    '/api/organizer/events/31/promo-codes/5/end': { body: { success: true, promoCode: { ...code, status: 'Ended' } } },
  });
  const request = { code: 'LESS50', kind: 'amount' as const, value: 50 };
  await expect(createPromoCode(31, request)).resolves.toEqual(code);
  expect([sent(fetchMock, 0).init.method, JSON.parse(String(sent(fetchMock, 0).init.body))]).toEqual(['POST', request]);
  await expect(endPromoCode(31, 5)).resolves.toMatchObject({ status: 'Ended' });
  expect([sent(fetchMock, 1).url, sent(fetchMock, 1).init.method]).toEqual(['http://api.test/api/organizer/events/31/promo-codes/5/end', 'POST']);
  expect(organizerQueries.promoCodes(31).queryKey[0]).toBe('organizer');
  expect(organizerQueries.pricingOptions().queryKey[0]).toBe('organizer');
});
