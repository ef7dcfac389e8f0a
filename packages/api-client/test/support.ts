import type { OrderSummary } from '@sports/contracts';

export interface MockAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Replaces global fetch with a mock that answers by path (+ query). An Error rejects like a
 * network failure (pass a TypeError, as fetch does).
 */
export function mockFetch(routes: Record<string, MockAnswer | Error>): jest.Mock {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const answer = routes[url.pathname + url.search];
    if (answer === undefined) throw new Error(`Unexpected fetch ${url.pathname + url.search}`);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, headers: new Headers(answer.headers), json: async () => answer.body } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export function makeOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: 55,
    status: 'held',
    event: { id: 1, title: 'City Games', date: '2099-06-01', time: '8:00 AM' },
    section: { id: 6, label: 'Lower Box A' },
    seats: [12, 13],
    totalAmount: 300,
    lines: [
      { seat: 12, seatName: 'A12', category: 'regular', basePrice: 150, discount: 0, price: 150 },
      { seat: 13, seatName: 'A13', category: 'regular', basePrice: 150, discount: 0, price: 150 },
    ],
    createdAt: '2099-06-01T00:00:00.000Z',
    expiresAt: '2099-06-01T00:10:00.000Z',
    ...overrides,
  };
}
