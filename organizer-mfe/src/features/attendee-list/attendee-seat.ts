import type { Attendee } from '@sports/contracts';

/** A ticket's seat as the grid names it ('A3'). */
export const seatName = (a: Pick<Attendee, 'seatNames'>): string => a.seatNames[0] ?? '—';

/** The seat with its section, as the dialogs name it: 'Lower Box A, seat A3'. */
export const seatOf = (a: Pick<Attendee, 'section' | 'seatNames'>): string => `${a.section}, seat ${seatName(a)}`;
