import type { SessionUser } from './session.responses';

/** What the shell hands every remote's exposed routes component. */
export interface RemoteProps {
  user: SessionUser | null;
  /**
   * Ends the session on the server, clears `user`, then goes to /login (SPEC "Shared header").
   * When the server could not end it, logs 'Logout failed:', keeps the session and rejects, so the
   * caller can say so ("Logout failed. Please try again.").
   */
  logout: () => Promise<void>;
}

/** The booking pages the shell's route table (SPEC §2, and one ticket's own page) maps to the booking remote. */
export const BOOKING_PAGES = ['home', 'genre', 'event', 'seatmap', 'section', 'checkout', 'qr', 'tickets', 'ticket', 'past', 'search'] as const;
export type BookingPage = (typeof BOOKING_PAGES)[number];

/** Props of the booking remote's exposed `./pages`: the shell picks the page, params come from the router. */
export interface BookingRemoteProps extends RemoteProps {
  page: BookingPage;
}
