import { ApiError } from '@sports/api-client';
import {
  adminInvalidations,
  adminKeys,
  adminQueries,
  approveEventRequest,
  rejectEventRequest,
  respondToInquiry,
  setAccountStatus,
} from '@sports/api-client/admin';
import type { AdminAccount, AdminEventRequest, AdminInquiry, AuditEntry } from '@sports/contracts';
import { QueryClient } from '@sports/query';
import { mockFetch } from './support';

const read = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options as never) as Promise<T>;

const ACCOUNT: AdminAccount = {
  id: 7,
  name: 'Ana M. Reyes',
  email: 'ana@example.com',
  role: 'Participant',
  accountNo: '202400000007',
  status: 'Active',
  dateCreated: '01-15-2024',
  lastLogin: null,
};

const EVENT: AdminEventRequest = {
  id: 40,
  name: 'Youth Chess Open',
  genre: 'sports',
  type: 'Sports',
  duration: '05-01-2099',
  timeRange: '9:00 AM - 5:00 PM',
  startsAt: '2099-05-01T01:00:00.000Z',
  endsAt: '2099-05-01T09:00:00.000Z',
  status: 'Pending',
  rejectionReason: null,
  organizer: { id: 12, name: 'Leo Cruz', email: 'leo@example.com' },
  organizerName: 'City Chess Circle',
  submitted: '04-01-2099',
  reviewedBy: null,
  reviewedAt: null,
};

const INQUIRY: AdminInquiry = {
  id: 3,
  name: 'Mara Santos',
  email: 'mara@example.com',
  message: 'Is there parking?',
  receivedAt: '2099-04-01T00:00:00.000Z',
  date: '04-01-2099',
  status: 'Answered',
  response: 'Yes, behind the arena.',
  respondedBy: { id: 1, name: 'Demo Admin', email: 'admin@demo.local' },
  respondedAt: '2099-04-02T00:00:00.000Z',
};

const AUDIT: AuditEntry = {
  id: 9,
  action: 'account.status',
  actor: { id: 1, name: 'Demo Admin', email: 'admin@demo.local' },
  before: { status: 'Active' },
  after: { status: 'Restricted', reason: 'Spam' },
  at: '2099-04-02T00:00:00.000Z',
  date: '04-02-2099',
  time: '8:00 AM',
  ip: '127.0.0.1',
};

const PAGE = { page: 1, pageSize: 10, totalPages: 25, total: 250 };

function sent(fetchMock: jest.Mock, n = 0): { url: string; init: RequestInit; body: unknown } {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
}

describe('admin reads', () => {
  test('accounts: only the set filters reach the query string, page 1 is left out', async () => {
    const fetchMock = mockFetch({
      '/api/admin/accounts': { body: { success: true, accounts: [ACCOUNT], ...PAGE } },
      '/api/admin/accounts?page=3&search=ana+reyes&role=Participant&status=Restricted': { body: { success: true, accounts: [], ...PAGE, page: 3 } },
    });
    await expect(read(adminQueries.accounts({ page: 1, search: '', role: '', status: '' }))).resolves.toMatchObject({ accounts: [ACCOUNT], total: 250, totalPages: 25 });
    await expect(read(adminQueries.accounts({ page: 3, search: 'ana reyes', role: 'Participant', status: 'Restricted' }))).resolves.toMatchObject({ accounts: [], page: 3 });
    expect(sent(fetchMock).init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  test('events, audits, feedback, inquiries and the dashboard reach their paths', async () => {
    mockFetch({
      '/api/admin/events?search=chess&status=Pending': { body: { success: true, events: [EVENT], ...PAGE, statusCounts: { Pending: 6, Approved: 20, Rejected: 3 } } },
      '/api/admin/events/40/audit': { body: { success: true, entries: [], page: 1, pageSize: 20, totalPages: 1, total: 0 } },
      '/api/admin/accounts/7/audit?page=2': { body: { success: true, entries: [AUDIT], page: 2, pageSize: 20, totalPages: 2, total: 21 } },
      '/api/admin/feedback?page=2': { body: { success: true, feedback: [{ id: 1, name: 'Mara Santos', rating: 5, comment: 'Great', createdAt: '2099-01-01T00:00:00.000Z', date: '01-01-2099', time: '8:00 AM' }], ...PAGE, page: 2 } },
      '/api/admin/inquiries?status=pending': { body: { success: true, inquiries: [{ ...INQUIRY, status: 'Pending', response: null, respondedBy: null, respondedAt: null }], ...PAGE } },
      '/api/admin/dashboard/sales': { body: { success: true, year: 2026, years: [2024, 2026], months: [], total: 0 } },
      '/api/admin/dashboard/sales?year=2024': { body: { success: true, year: 2024, years: [2024, 2026], months: [{ month: 1, label: 'Jan', tickets: 12 }], total: 12 } },
      '/api/admin/dashboard': {
        body: {
          success: true,
          cards: { ticketsCreated: 10, ticketsSold: 8, accountsCreated: 250, activeUsers: 40 },
          organizations: { recent: [{ id: 12, name: 'Leo Cruz', email: 'leo@example.com', tickets: 214 }], total: 9, tickets: 1244 },
          inquiries: { pending: [], total: 0 },
        },
      },
    });
    await expect(read(adminQueries.events({ page: 1, search: 'chess', status: 'Pending' }))).resolves.toMatchObject({ events: [EVENT], statusCounts: { Pending: 6 } });
    await expect(read(adminQueries.audit('event', 40, 1))).resolves.toMatchObject({ entries: [], total: 0 });
    await expect(read(adminQueries.audit('account', 7, 2))).resolves.toMatchObject({ entries: [AUDIT], page: 2 });
    await expect(read(adminQueries.feedback(2))).resolves.toMatchObject({ page: 2, feedback: [{ rating: 5 }] });
    await expect(read(adminQueries.inquiries('pending', 1))).resolves.toMatchObject({ inquiries: [{ status: 'Pending' }] });
    await expect(read(adminQueries.sales(null))).resolves.toMatchObject({ year: 2026 });
    await expect(read(adminQueries.sales(2024))).resolves.toMatchObject({ year: 2024, total: 12 });
    await expect(read(adminQueries.dashboard())).resolves.toMatchObject({ cards: { accountsCreated: 250 }, organizations: { total: 9 } });
  });

  test('every read lives under its area key, so the invalidations reach it', () => {
    const prefixOf = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);
    expect(prefixOf(adminQueries.accounts({ page: 1, search: '', role: '', status: '' }).queryKey, adminKeys.accounts)).toBe(true);
    expect(prefixOf(adminQueries.audit('account', 7, 1).queryKey, adminKeys.accounts)).toBe(true);
    expect(prefixOf(adminQueries.events({ page: 1, search: '', status: '' }).queryKey, adminKeys.events)).toBe(true);
    expect(prefixOf(adminQueries.audit('event', 7, 1).queryKey, adminKeys.events)).toBe(true);
    expect(prefixOf(adminQueries.sales(2024).queryKey, adminKeys.dashboard)).toBe(true);
    expect(prefixOf(adminQueries.inquiries('pending', 1).queryKey, adminKeys.inquiries)).toBe(true);
    // An approval reaches the visitors' lists (@sports/api-client/events keys start with 'events').
    expect(adminInvalidations.eventDecision).toContainEqual(['events']);
    expect(adminInvalidations.inquiryResponse).toEqual(expect.arrayContaining([adminKeys.dashboard, adminKeys.inquiries]));
  });

  test('an answer that breaks its contract is refused', async () => {
    mockFetch({ '/api/admin/accounts': { body: { success: true, accounts: [{ ...ACCOUNT, accountNo: '123' }], ...PAGE } } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(read(adminQueries.accounts({ page: 1, search: '', role: '', status: '' }))).rejects.toMatchObject({ contract: true, status: 200 });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('admin writes', () => {
  test('setAccountStatus posts the status, and the reason only when one was given', async () => {
    const fetchMock = mockFetch({ '/api/admin/accounts/7/status': { body: { success: true, account: { ...ACCOUNT, status: 'Restricted' }, changed: true } } });
    await expect(setAccountStatus(7, 'Restricted', '  Spam  ')).resolves.toMatchObject({ account: { status: 'Restricted' }, changed: true });
    await setAccountStatus(7, 'Restricted', '   ');
    await setAccountStatus(7, 'Active');
    expect(sent(fetchMock, 0)).toMatchObject({ init: { method: 'POST' }, body: { status: 'Restricted', reason: 'Spam' } });
    expect(sent(fetchMock, 1).body).toEqual({ status: 'Restricted' });
    expect(sent(fetchMock, 2).body).toEqual({ status: 'Active' });
    expect(sent(fetchMock, 0).init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  test("setAccountStatus rejects a 409 with the server's reason", async () => {
    mockFetch({ '/api/admin/accounts/1/status': { status: 409, body: { success: false, error: 'You cannot deactivate or restrict your own account.' } } });
    const error = await setAccountStatus(1, 'Restricted').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'You cannot deactivate or restrict your own account.' });
  });

  test('approve posts an empty body; reject posts the trimmed reason', async () => {
    const fetchMock = mockFetch({
      '/api/admin/events/40/approve': { body: { success: true, event: { ...EVENT, status: 'Approved' }, changed: true } },
      '/api/admin/events/41/reject': { body: { success: true, event: { ...EVENT, id: 41, status: 'Rejected', rejectionReason: 'No venue' }, changed: true } },
    });
    await expect(approveEventRequest(40)).resolves.toMatchObject({ event: { status: 'Approved' } });
    await expect(rejectEventRequest(41, ' No venue ')).resolves.toMatchObject({ event: { status: 'Rejected', rejectionReason: 'No venue' } });
    expect(sent(fetchMock, 0).body).toEqual({});
    expect(sent(fetchMock, 1).body).toEqual({ reason: 'No venue' });
  });

  test('respondToInquiry resolves with the answered inquiry', async () => {
    const fetchMock = mockFetch({ '/api/admin/inquiries/3/respond': { body: { success: true, inquiry: INQUIRY } } });
    await expect(respondToInquiry(3, ' Yes, behind the arena. ')).resolves.toEqual(INQUIRY);
    expect(sent(fetchMock).body).toEqual({ message: 'Yes, behind the arena.' });

    mockFetch({ '/api/admin/inquiries/3/respond': { status: 409, body: { success: false, error: 'This inquiry has already been answered.' } } });
    await expect(respondToInquiry(3, 'Again')).rejects.toMatchObject({ status: 409, message: 'This inquiry has already been answered.' });
  });
});
