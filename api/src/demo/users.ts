import type { RoleName } from '@sports/contracts';

/** Development-only demo logins (PRODUCT §1), printed by the start command and the README. */
export const DEMO_PASSWORD = 'demo-pass-2025';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  middleInitial: string | null;
  gender: 'Male' | 'Female' | 'Other';
  role: RoleName;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.local', firstName: 'Ana', lastName: 'Reyes', middleInitial: 'M', gender: 'Female', role: 'Admin' },
  { email: 'organizer@demo.local', firstName: 'Ramon', lastName: 'Dela Cruz', middleInitial: 'S', gender: 'Male', role: 'Organizer' },
  { email: 'visitor@demo.local', firstName: 'Liza', lastName: 'Santos', middleInitial: null, gender: 'Female', role: 'Participant' },
];

/** The demo organizer login and the demo events it owns (its Event List, PRODUCT §5). */
export const DEMO_ORGANIZER_EMAIL = 'organizer@demo.local';
export const DEMO_ORGANIZER_EVENT_IDS: readonly number[] = [1, 4, 9, 15, 24];
