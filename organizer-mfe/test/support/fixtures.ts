import type { Attendee, EventOption, OrganizerEvent, OrganizerReview } from '@sports/contracts';

export const PAGE = (page: number, totalPages: number, total: number, pageSize = 10) => ({ page, pageSize, totalPages, total });

export function option(overrides: Partial<EventOption> & Pick<EventOption, 'id' | 'name'>): EventOption {
  return { status: 'Approved', date: '2099-06-01', startsAt: '2099-06-01T10:00:00.000Z', endsAt: '2099-06-01T13:00:00.000Z', editable: false, plannable: true, hasSeatPlan: false, ...overrides };
}

export const OPTIONS = {
  success: true,
  events: [
    option({ id: 1, name: 'City Games' }),
    option({ id: 31, name: 'Chess Open', status: 'Pending', editable: true, hasSeatPlan: true }),
    option({ id: 32, name: 'Drag Race', status: 'Rejected', plannable: false }),
  ],
  current: 1,
};

export function organizerEvent(overrides: Partial<OrganizerEvent> & Pick<OrganizerEvent, 'id' | 'name'>): OrganizerEvent {
  return {
    genre: 'sports',
    type: 'Sports',
    status: 'Approved',
    rejectionReason: null,
    date: '2099-06-01',
    startsAt: '2099-06-01T10:00:00.000Z',
    endsAt: '2099-06-01T13:00:00.000Z',
    duration: '06-01-2099',
    timeRange: '6:00 PM - 9:00 PM',
    price: 150,
    capacity: 2280,
    hasSeatPlan: false,
    ticketsSold: 40,
    editable: true,
    cancelledAt: null,
    postponedFrom: null,
    ...overrides,
  };
}

export function attendee(overrides: Partial<Attendee> & Pick<Attendee, 'orderId' | 'name'>): Attendee {
  return {
    ticketId: `ticket-${overrides.orderId}-${overrides.seatNames?.[0] ?? 'A3'}`,
    code: 'K7QX-3MPD-9W',
    transactionNo: `TXN-${String(overrides.orderId).padStart(8, '0')}`,
    email: `${overrides.name.toLowerCase().replace(/ /g, '.')}@example.com`,
    section: 'Lower Box A',
    seats: [3],
    seatNames: ['A3'],
    category: 'regular',
    status: 'Absent',
    checkinMethod: null,
    gate: null,
    checkedInAt: null,
    timePresent: null,
    orderDate: '2099-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function review(overrides: Partial<OrganizerReview> & Pick<OrganizerReview, 'id' | 'name'>): OrganizerReview {
  return {
    rating: 4,
    review: 'Great atmosphere and friendly marshals.',
    dateReceived: '2099-06-02T10:00:00.000Z',
    date: '06-02-2099',
    event: { id: 1, name: 'City Games' },
    attended: false,
    responded: false,
    responseStatus: null,
    response: null,
    respondedAt: null,
    ...overrides,
  };
}
