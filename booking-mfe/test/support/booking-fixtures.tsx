import { useLocation } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import type { OrderLine, OrderSummary, OrderTicket, Section, SessionUser } from '@sports/contracts';

/** SPEC §9's 13 sections with the demo seed's map boxes. */
export const SECTIONS: Section[] = [
  { id: 1, label: 'Upper Box D', capacity: 183, level: 'upper', map: { x: 16, y: 84, width: 33, height: 14 } },
  { id: 2, label: 'Upper Box DE', capacity: 96, level: 'upper', map: { x: 2, y: 84, width: 12, height: 14 } },
  { id: 3, label: 'Upper Box E', capacity: 183, level: 'upper', map: { x: 2, y: 18, width: 12, height: 64 } },
  { id: 4, label: 'Lower Box F', capacity: 186, level: 'lower', map: { x: 28, y: 18, width: 21, height: 12 } },
  { id: 5, label: 'Upper Box F', capacity: 250, level: 'upper', map: { x: 16, y: 2, width: 33, height: 14 } },
  { id: 6, label: 'Lower Box A', capacity: 150, level: 'lower', map: { x: 51, y: 18, width: 21, height: 12 } },
  { id: 7, label: 'Upper Box A', capacity: 182, level: 'upper', map: { x: 51, y: 2, width: 33, height: 14 } },
  { id: 8, label: 'Upper Box AB', capacity: 92, level: 'upper', map: { x: 86, y: 2, width: 12, height: 14 } },
  { id: 9, label: 'Lower Box B', capacity: 90, level: 'lower', map: { x: 74, y: 32, width: 10, height: 36 } },
  { id: 10, label: 'Upper Box B', capacity: 184, level: 'upper', map: { x: 86, y: 18, width: 12, height: 64 } },
  { id: 11, label: 'Lower Box C', capacity: 171, level: 'lower', map: { x: 51, y: 70, width: 21, height: 12 } },
  { id: 12, label: 'Upper Box C', capacity: 250, level: 'upper', map: { x: 51, y: 84, width: 33, height: 14 } },
  { id: 13, label: 'Lower Box D', capacity: 163, level: 'lower', map: { x: 28, y: 70, width: 21, height: 12 } },
];

export const USER: SessionUser = {
  user_id: 7,
  email: 'visitor@demo.local',
  first_name: 'Vi',
  last_name: 'Sitor',
  role_id: 3,
  role_name: 'Participant',
};

export function makeOrder(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const seats = overrides.seats ?? [12, 13];
  const total = overrides.totalAmount ?? 300;
  return {
    orderId: 55,
    status: 'held',
    event: { id: 1, title: 'City Games', date: '2099-06-01', time: '8:00 AM' },
    section: { id: 6, label: 'Lower Box A' },
    seats,
    totalAmount: total,
    lines: regularLines(seats, total),
    createdAt: '2099-06-01T00:00:00.000Z',
    expiresAt: '2099-06-01T00:10:00.000Z',
    ...overrides,
  };
}

/** Every seat a Regular ticket at an equal share of the total. */
export function regularLines(seats: readonly number[], total: number): OrderLine[] {
  const each = total / seats.length;
  return seats.map((seat) => ({ seat, seatName: `A${seat}`, category: 'regular', basePrice: each, discount: 0, price: each }));
}

/** One seat's ticket of a paid order (Lower Box A's row A). */
export function makeTicket(overrides: Partial<OrderTicket> = {}): OrderTicket {
  const seat = overrides.seat ?? 12;
  return {
    ticketId: `tkt${String(seat).padStart(3, '0')}AAAAAAAAAAAAAAAA`,
    seat,
    seatName: `A${seat}`,
    code: `K7QX-3MPD-${String(seat).padStart(2, '0')}`.replace(/[01]/g, 'Z'),
    qr: `SIGNED-${seat}`,
    checkedInAt: null,
    category: 'regular',
    ...overrides,
  };
}

/** The tickets of a paid order, one per seat (makeOrder's seats by default). */
export function makeTickets(seats: readonly number[] = [12, 13]): OrderTicket[] {
  return seats.map((seat) => makeTicket({ seat }));
}

/** Renders where the router is and with what state, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{JSON.stringify({ pathname: location.pathname, state: location.state ?? null })}</output>;
}

export function readLocation(getByTestId: (id: string) => HTMLElement): { pathname: string; state: unknown } {
  return JSON.parse(getByTestId('location').textContent ?? 'null') as { pathname: string; state: unknown };
}

/** The seat grid of `section` once the taken seats are known (it is drawn busy before). */
export async function readyGrid(section: string): Promise<HTMLElement> {
  const grid = await screen.findByRole('group', { name: `Seats in ${section}` });
  await waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'));
  return grid;
}

/** GET/POST /api/events/:id/line when the sale has no line: the seats are open to everyone. */
export const LINE_OPEN = { body: { success: true, line: { state: 'open', refreshSeconds: 30 } } };
