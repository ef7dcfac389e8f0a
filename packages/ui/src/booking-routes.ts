import type { BookingPage } from '@sports/contracts';
import routes from './booking-routes.json';

/**
 * SPEC §2's booking pages and one ticket's page (public: the ticket id in the link is the capability): path -> page of the
 * booking remote. The shell's route table mounts them; the booking remote running on its own (npm run dev -w booking-mfe)
 * mounts the same table; the shell's server reads the JSON to preload each page's files (scripts/lib/first-screen.mjs).
 */
export const BOOKING_ROUTES = routes as ReadonlyArray<{ path: string; page: BookingPage }>;
