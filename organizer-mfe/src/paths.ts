/** Where the shell (and the standalone bootstrap) mounts this remote. */
export const ORGANIZER_BASE = '/organizer';

export const ORGANIZER_PATHS = {
  dashboard: `${ORGANIZER_BASE}/dashboard`,
  createEvent: `${ORGANIZER_BASE}/create-event`,
  seatPlanning: `${ORGANIZER_BASE}/seat-planning`,
  eventList: `${ORGANIZER_BASE}/event-list`,
  attendeeList: `${ORGANIZER_BASE}/attendee-list`,
  reviews: `${ORGANIZER_BASE}/reviews`,
  gate: `${ORGANIZER_BASE}/gate`,
  promoCodes: `${ORGANIZER_BASE}/promo-codes`,
} as const;
