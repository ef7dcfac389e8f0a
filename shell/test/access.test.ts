import { decideAccess } from '../src/guard/access';
import { sessionUser } from './fixtures';

describe('decideAccess (SPEC route guard)', () => {
  it('sends anonymous visitors to /login', () => {
    expect(decideAccess(null, ['Admin'])).toEqual({ allowed: false, redirectTo: '/login' });
  });

  it('sends a user without an allowed role to /', () => {
    expect(decideAccess(sessionUser('Participant'), ['Admin'])).toEqual({ allowed: false, redirectTo: '/' });
    expect(decideAccess(sessionUser('Organizer'), ['Admin'])).toEqual({ allowed: false, redirectTo: '/' });
  });

  it('lets an allowed role through, and any of several allowed roles', () => {
    expect(decideAccess(sessionUser('Admin'), ['Admin'])).toEqual({ allowed: true });
    expect(decideAccess(sessionUser('Organizer'), ['Admin', 'Organizer'])).toEqual({ allowed: true });
  });

  it('compares role names exactly', () => {
    expect(decideAccess(sessionUser('admin'), ['Admin'])).toEqual({ allowed: false, redirectTo: '/' });
  });
});
