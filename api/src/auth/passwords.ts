import argon2 from 'argon2';
import { PASSWORD_MIN_LENGTH } from '@sports/contracts';
import { badRequest } from '../errors';
import { isCommonPassword } from './common-passwords';

/**
 * The one place passwords are hashed (registration, reset, demo seed) and verified (login).
 * argon2id with OWASP's baseline: 19 MiB of memory, 2 passes, 1 lane (PRODUCT §3).
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** false for a wrong password and for a hash argon2 cannot read. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as verifying a real password, for a login whose email matches no account
 * (or an account without a password): the answer time does not tell which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}

/** Made once per process, ahead of the first login (so that one is not slower either). */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy password that no account has');
  return dummyHash;
}

export const COMMON_PASSWORD = 'This password is too common. Please choose a less common password.';

/**
 * Server-side password rules beyond the contract's length check: the most common passwords are
 * refused. `tooShort` is the SPEC message of the calling screen (registration has no final dot,
 * reset has one).
 */
export function checkNewPassword(password: string, tooShort: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(tooShort);
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD);
}
