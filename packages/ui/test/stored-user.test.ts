import { clearStoredUser, parseStoredUser, readStoredUser, SESSION_KEY, storeUser } from '../src/session/session-storage';
import { sessionUser } from './fixtures';

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
