import type { BookingPage } from '@sports/contracts';

/**
 * SPEC §2's booking pages and one ticket's page: path -> page of the booking remote. The shell's route table mounts them;
 * the booking remote running on its own (npm run dev -w booking-mfe) mounts the same table.
 */
export const BOOKING_ROUTES: ReadonlyArray<{ path: string; page: BookingPage }> = [
  { path: '/', page: 'home' },
  { path: '/genre/:genre', page: 'genre' },
  { path: '/events/past', page: 'past' },
  { path: '/search', page: 'search' },
  { path: '/events/:id', page: 'event' },
  { path: '/events/:id/seatmap', page: 'seatmap' },
  { path: '/events/:id/seatmap/:sectionId', page: 'section' },
  { path: '/events/:id/checkout', page: 'checkout' },
  { path: '/event/qr', page: 'qr' },
  { path: '/my-tickets', page: 'tickets' },
  // One ticket on a page of its own (public: the ticket id in the link is the capability).
  { path: '/tickets/:ticketId', page: 'ticket' },
];
