import type { SessionUser } from '@sports/contracts';

export function sessionUser(role_name: string, first_name = 'Maria'): SessionUser {
  return { user_id: 7, email: 'maria@example.com', first_name, last_name: 'Santos', role_id: 3, role_name };
}
