import { landingAfterLogin, roleHome } from '../../src/features/login/landing';

const admin = { role_name: 'Admin' };
const organizer = { role_name: 'Organizer' };
const participant = { role_name: 'Participant' };

describe('landing after login', () => {
  it.each([
    ['Admin', '/admin/dashboard'],
    ['Organizer', '/organizer/dashboard'],
    ['Participant', '/'],
    ['Organization', '/'],
    ['', '/'],
  ])('a %s with no state.from lands on %s', (role_name, expected) => {
    expect(roleHome(role_name)).toBe(expected);
    expect(landingAfterLogin({ role_name })).toEqual({ to: expected });
    expect(landingAfterLogin({ role_name }, null)).toEqual({ to: expected });
  });

  it('goes back to the location the route guard stored in state.from, with its search, hash and state', () => {
    const from = { pathname: '/events/3/checkout', search: '?section=5', hash: '#seats', state: { seats: [1, 2] }, key: 'abc' };
    expect(landingAfterLogin(participant, from)).toEqual({ to: '/events/3/checkout?section=5#seats', state: { seats: [1, 2] } });
    expect(landingAfterLogin(admin, { pathname: '/admin/accounts', search: '', hash: '', state: null })).toEqual({ to: '/admin/accounts' });
  });

  it('accepts a plain path string as state.from', () => {
    expect(landingAfterLogin(organizer, '/organizer/reviews?page=2')).toEqual({ to: '/organizer/reviews?page=2' });
  });

  it('ignores state.from pointing at /login (or another account page) and uses the role rule', () => {
    expect(landingAfterLogin(admin, { pathname: '/login', search: '', hash: '' })).toEqual({ to: '/admin/dashboard' });
    expect(landingAfterLogin(admin, { pathname: '/LOGIN/' })).toEqual({ to: '/admin/dashboard' });
    expect(landingAfterLogin(organizer, '/login?x=1')).toEqual({ to: '/organizer/dashboard' });
    expect(landingAfterLogin(participant, { pathname: '/ForgotPassword' })).toEqual({ to: '/' });
    expect(landingAfterLogin(participant, '/register2')).toEqual({ to: '/' });
  });

  it('never leaves the site and ignores malformed values', () => {
    for (const from of ['//evil.example/path', 'https://evil.example/', '/\\evil.example', 'events/1', 42, {}, { pathname: 7 }, { pathname: '//evil.example' }]) {
      expect(landingAfterLogin(participant, from)).toEqual({ to: '/' });
    }
  });
});
