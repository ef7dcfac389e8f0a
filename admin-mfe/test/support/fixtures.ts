import type { AdminAccount, AdminDashboardResponse, AdminEventDetail, AdminEventRequest, AdminFeedback, AdminRevenueResponse, AuditEntry, SalesResponse } from '@sports/contracts';

export const ADMIN_ID = 1;

export function makeAccount(id: number, overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id,
    name: `Person ${id}`,
    email: `person${id}@example.com`,
    role: 'Participant',
    accountNo: String(202400000000 + id),
    status: 'Active',
    dateCreated: '01-15-2024',
    lastLogin: '11-02-2026',
    ...overrides,
  };
}

export function makeEventRequest(id: number, overrides: Partial<AdminEventRequest> = {}): AdminEventRequest {
  return {
    id,
    name: `Event ${id}`,
    genre: 'sports',
    type: 'Sports',
    duration: '05-01-2099 - 05-02-2099',
    timeRange: '6:00 PM - 9:00 PM',
    startsAt: '2099-05-01T10:00:00.000Z',
    endsAt: '2099-05-02T13:00:00.000Z',
    status: 'Pending',
    rejectionReason: null,
    organizer: { id: 50 + id, name: `Organizer ${id}`, email: `org${id}@example.com` },
    organizerName: `Club ${id}`,
    submitted: '04-01-2099',
    reviewedBy: null,
    reviewedAt: null,
    ...overrides,
  };
}

/** A Pending request in full: a venue with its whole address, an own plan of 4 x 7, one earlier event, submitted then nothing else. */
export function makeEventDetail(id: number, overrides: Partial<AdminEventDetail> = {}): AdminEventDetail {
  const request = makeEventRequest(id);
  return {
    ...request,
    description: 'Zumba for everyone, bring water.',
    about: null,
    bannerUrl: `/api/banners/banner-${id}`,
    price: 150,
    isFree: false,
    venue: { name: 'Covered Court', street: '12 Rizal Street', barangay: 'San Roque', city: 'Marikina City', province: 'Metro Manila' },
    seating: { capacity: 28, plan: { rows: 4, columns: 7 }, sections: [] },
    cancelledAt: null,
    cancelReason: null,
    organizerEvents: [{ id: id + 100, name: 'Last Summer Fun Run', date: '03-14-2099', status: 'Approved', cancelled: false }],
    organizerEventCount: 1,
    history: [{ step: 'submitted', actor: request.organizer, at: '2099-04-01T02:00:00.000Z', date: '04-01-2099', time: '10:00 AM', reason: null, changes: [] }],
    preview: {
      id,
      genre: 'sports',
      title: request.name,
      description: 'Zumba for everyone, bring water.',
      date: '2099-05-01',
      time: '6:00 PM',
      price: 150,
      isFree: false,
      img: `/api/banners/banner-${id}`,
      startsAt: request.startsAt,
    },
    ...overrides,
  };
}

export function makeFeedback(id: number, overrides: Partial<AdminFeedback> = {}): AdminFeedback {
  return { id, name: `Visitor ${id}`, rating: 4, comment: `Comment ${id}`, createdAt: '2026-11-02T01:00:00.000Z', date: '11-02-2026', time: '9:00 AM', ...overrides };
}

export function makeAudit(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    action: 'account.status',
    actor: { id: ADMIN_ID, name: 'Demo Admin', email: 'admin@demo.local' },
    before: { status: 'Active' },
    after: { status: 'Restricted', reason: 'Spam bookings' },
    at: '2026-11-02T01:00:00.000Z',
    date: '11-02-2026',
    time: '9:00 AM',
    ip: '203.0.113.9',
    ...overrides,
  };
}

export const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function makeSales(year: number, tickets: number[], years: number[] = [year]): SalesResponse & { success: true } {
  return {
    success: true,
    year,
    years,
    months: tickets.map((n, i) => ({ month: i + 1, label: MONTH_LABELS[i] ?? '', tickets: n })),
    total: tickets.reduce((a, b) => a + b, 0),
  };
}

export function makeDashboard(overrides: Partial<AdminDashboardResponse> = {}): AdminDashboardResponse {
  return {
    success: true,
    cards: { ticketsCreated: 1412, ticketsSold: 1244, accountsCreated: 250, activeUsers: 37 },
    organizations: {
      recent: [
        { id: 11, name: 'Metro Hoops League', email: 'hoops@example.com', tickets: 214 },
        { id: 12, name: 'Lungsod Live', email: 'live@example.com', tickets: 0 },
      ],
      total: 9,
      tickets: 1244,
    },
    inquiries: {
      pending: [
        { id: 3, name: 'Mara Santos', email: 'mara@example.com', message: 'Is there parking?', receivedAt: '2026-11-01T01:00:00.000Z', date: '11-01-2026' },
        { id: 4, name: 'Leo Cruz', email: 'leo@example.com', message: 'Can I bring food?', receivedAt: '2026-11-02T01:00:00.000Z', date: '11-02-2026' },
      ],
      total: 2,
    },
    ...overrides,
  };
}

/** GET /api/admin/dashboard/revenue: a Regular and a Senior Citizen ticket, one order refunded. */
export function makeRevenue(): AdminRevenueResponse {
  const figures = (tickets: number, gross: number, law: number, code: number, refundedTickets: number, refunds: number) => ({
    tickets,
    gross,
    discounts: { law, category: 0, code },
    refundedTickets,
    refunds,
    net: gross - law - code - refunds,
  });
  return {
    success: true,
    asOf: '2026-11-02T02:00:00.000Z',
    total: figures(3, 1500, 100, 30, 1, 500),
    categories: [
      { category: 'regular', ...figures(2, 1000, 0, 30, 1, 500) },
      { category: 'senior', ...figures(1, 500, 100, 0, 0, 0) },
    ],
    days: [
      { date: '2026-11-01', tickets: 1, sales: 500, refunds: 0 },
      { date: '2026-11-02', tickets: 2, sales: 870, refunds: 500 },
    ],
  };
}
