import type { OrderTicket, TicketViewResponse } from '@sports/contracts';
import { makeTicket } from './booking-fixtures';

/** GET /api/tickets/:ticketId's answer for one of makeOrder's tickets. */
export function makeTicketView(ticket: OrderTicket = makeTicket(), overrides: Partial<TicketViewResponse> = {}): TicketViewResponse {
  return {
    success: true,
    ticket,
    orderId: 55,
    transactionNo: 'TXN-000055',
    holder: 'Vi Sitor',
    event: {
      id: 1,
      title: 'City Games',
      date: '2099-06-01',
      time: '8:00 AM',
      startsAt: '2099-06-01T00:00:00.000Z',
      endsAt: '2099-06-01T04:00:00.000Z',
      venue: 'City Sports Complex Arena',
    },
    section: { id: 6, label: 'Lower Box A' },
    totalAmount: 300,
    ticketsInOrder: 2,
    paymentMethod: 'gcash',
    ...overrides,
  };
}
