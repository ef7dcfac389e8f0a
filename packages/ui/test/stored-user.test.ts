import type { SessionUser } from '@sports/contracts';
import { clearStoredUser, parseStoredUser, readStoredUser, SESSION_KEY, storeUser } from '../src/stored-user';

const sessionUser = (role_name: string): SessionUser => ({ user_id: 7, email: 'maria@example.com', first_name: 'Maria', last_name: 'Santos', role_id: 3, role_name });

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips the SPEC session object under the `user` key', () => {
    const user = sessionUser('Participant');
    storeUser(user);
    expect(SESSION_KEY).toBe('user');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(readStoredUser()).toEqual(user);
    clearStoredUser();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ignores malformed or partial values', () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser(JSON.stringify({ first_name: 'X' }))).toBeNull();
  });
});
