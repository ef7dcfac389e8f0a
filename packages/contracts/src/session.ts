import { z } from 'zod';

export const ROLE_NAMES = ['Admin', 'Organizer', 'Participant'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** SPEC §3 session object, kept in localStorage under `user` for display only. */
export const sessionUserSchema = z.object({
  user_id: z.number().int().positive(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_id: z.number().int().positive(),
  role_name: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** What the shell hands every remote's exposed routes component. */
export interface RemoteProps {
  user: SessionUser | null;
  /** Ends the session on the server, clears `user`, then goes to /login (SPEC "Shared header"). */
  logout: () => Promise<void>;
}

/** The booking pages the shell's route table (SPEC §2) maps to the booking remote. */
export const BOOKING_PAGES = ['home', 'genre', 'event', 'seatmap', 'section', 'checkout', 'qr', 'tickets'] as const;
export type BookingPage = (typeof BOOKING_PAGES)[number];

/** Props of the booking remote's exposed `./pages`: the shell picks the page, params come from the router. */
export interface BookingRemoteProps extends RemoteProps {
  page: BookingPage;
}
