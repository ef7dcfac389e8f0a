import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';

export const TEST_GOOGLE_CLIENT_ID = 'test-client-1234.apps.googleusercontent.com';

export interface TestKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function rsaKey(kid = `kid-${randomBytes(4).toString('hex')}`): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
}

/** A local stand-in for https://www.googleapis.com/oauth2/v3/certs on 127.0.0.1. */
export interface LocalJwks {
  url: string;
  /** Keys currently published. */
  keys: TestKey[];
  /** How many times the key set was fetched. */
  fetches: number;
  maxAge: number;
  close(): Promise<void>;
}

export async function startJwks(keys: TestKey[]): Promise<LocalJwks> {
  const state = { keys, fetches: 0, maxAge: 3600 };
  const server = http.createServer((req, res) => {
    if (req.url !== '/oauth2/v3/certs') {
      res.writeHead(404).end();
      return;
    }
    state.fetches += 1;
    const body = { keys: state.keys.map((k) => ({ ...k.publicKey.export({ format: 'jwk' }), kid: k.kid, alg: 'RS256', use: 'sig' })) };
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${state.maxAge}, must-revalidate, no-transform` });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get keys() {
      return state.keys;
    },
    set keys(k: TestKey[]) {
      state.keys = k;
    },
    get fetches() {
      return state.fetches;
    },
    set fetches(n: number) {
      state.fetches = n;
    },
    get maxAge() {
      return state.maxAge;
    },
    set maxAge(n: number) {
      state.maxAge = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface IdTokenClaims {
  iss?: string;
  aud?: string | string[];
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

export function googleClaims(overrides: IdTokenClaims = {}): IdTokenClaims {
  const now = Math.floor(Date.now() / 1000);
  const claims: IdTokenClaims = {
    iss: 'https://accounts.google.com',
    azp: TEST_GOOGLE_CLIENT_ID,
    aud: TEST_GOOGLE_CLIENT_ID,
    sub: `1${randomBytes(9).readBigUInt64BE().toString().slice(0, 20)}`,
    email: `g-${randomBytes(5).toString('hex')}@gmail.test`,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Lopez',
    name: 'Gina Lopez',
    iat: now - 10,
    exp: now + 3590,
    ...overrides,
  };
  // An override of undefined leaves the claim out.
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined)) as IdTokenClaims;
}

/** An ID token signed like Google's: RS256 with the key's kid in the header. */
export function signIdToken(key: TestKey, claims: IdTokenClaims, kid: string = key.kid): string {
  return jwt.sign(claims, key.privateKey, { algorithm: 'RS256', keyid: kid });
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Hand-made tokens jsonwebtoken would not sign. */
export function unsignedToken(claims: IdTokenClaims, kid: string): string {
  return `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(claims)}.`;
}

export function hs256Token(secret: string | Buffer, claims: IdTokenClaims, kid: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT', kid })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
