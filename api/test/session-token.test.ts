// The session cookie's JWT: what verifySessionToken accepts, including once it has remembered a token.
import { randomUUID } from 'node:crypto';
import { signSessionToken, verifySessionToken } from '../src/auth/session-token';

const SECRET = 'a-test-secret-that-is-long-enough-0001';
const OTHER = 'another-test-secret-long-enough-00002';

describe('verifySessionToken', () => {
  afterEach(() => jest.useRealTimers());

  it('gives back the claims of a token it signed, every time', () => {
    const claims = { userId: 42, sessionId: randomUUID() };
    const token = signSessionToken(SECRET, claims, new Date(Date.now() + 60_000));
    expect(verifySessionToken(SECRET, token)).toEqual(claims);
    expect(verifySessionToken(SECRET, token)).toEqual(claims);
  });

  it('refuses a token signed with another secret, even one it already accepted under its own', () => {
    const token = signSessionToken(SECRET, { userId: 7, sessionId: randomUUID() }, new Date(Date.now() + 60_000));
    expect(verifySessionToken(SECRET, token)).not.toBeNull();
    expect(verifySessionToken(OTHER, token)).toBeNull();
  });

  it('refuses an altered token', () => {
    const token = signSessionToken(SECRET, { userId: 7, sessionId: randomUUID() }, new Date(Date.now() + 60_000));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '8' })).toString('base64url');
    expect(verifySessionToken(SECRET, `${header}.${forged}.${signature}`)).toBeNull();
    expect(verifySessionToken(SECRET, `${header}.${payload}.${signature.slice(0, -2)}xx`)).toBeNull();
  });

  it('stops accepting a remembered token once it expires', () => {
    jest.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const claims = { userId: 9, sessionId: randomUUID() };
    const token = signSessionToken(SECRET, claims, new Date('2026-05-01T10:01:00Z'));
    expect(verifySessionToken(SECRET, token)).toEqual(claims);
    jest.setSystemTime(new Date('2026-05-01T10:00:59Z'));
    expect(verifySessionToken(SECRET, token)).toEqual(claims);
    jest.setSystemTime(new Date('2026-05-01T10:01:00Z'));
    expect(verifySessionToken(SECRET, token)).toBeNull();
    expect(verifySessionToken(SECRET, token)).toBeNull();
  });

  it('refuses an expired token it never saw', () => {
    const token = signSessionToken(SECRET, { userId: 3, sessionId: randomUUID() }, new Date(Date.now() - 1_000));
    expect(verifySessionToken(SECRET, token)).toBeNull();
  });
});
