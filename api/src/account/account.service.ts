import { ACCOUNT_MESSAGES } from '@sports/contracts';
import type { ChangePasswordRequest, DeleteAccountRequest, MyDataResponse, Profile, ProfileUpdateRequest, SessionUser } from '@sports/contracts';
import { logAction } from '../audit/log-action';
import type { Clock } from '../clock';
import type { AppContext } from '../context';
import { AppError, badRequest, unauthorized } from '../errors';
import { checkAddressChain } from '../locations/locations.service';
import { admitLogin } from '../rate-limit/login-limits';
import { checkNewPassword, hashPassword, verifyPassword } from '../auth/passwords';
import { revokeAllSessions, revokeOtherSessions } from '../auth/sessions.repository';
import { findByEmail, setPasswordHash } from '../auth/users.repository';
import { exportAccountData } from './data-export.repository';
import * as deletion from './deletion.repository';
import { readProfile, updateProfile } from './profile.repository';

export type AccountDeps = Pick<AppContext, 'config' | 'db' | 'rateLimiter'> & { clock: Clock };

/** Who is calling: the session's account and the session itself. */
export interface Caller {
  user: SessionUser;
  sessionId: string;
  ip: string;
}

export async function getProfile(deps: Pick<AccountDeps, 'db'>, userId: number): Promise<Profile> {
  const profile = await readProfile(deps.db, userId);
  if (!profile) throw unauthorized();
  return profile;
}

/** The registration's rules again (the contract), then a real address chain; nothing is written unless all of it holds. */
export async function saveProfile(deps: Pick<AccountDeps, 'db'>, userId: number, input: ProfileUpdateRequest): Promise<Profile> {
  await checkAddressChain(deps.db, { region: input.region_id, province: input.province_id, city: input.city_id, barangay: input.barangay_id });
  await updateProfile(deps.db, userId, input);
  return getProfile(deps, userId);
}

/**
 * Checks the account's current password against the login limits (rate-limit/login-limits.ts):
 * this is a way to guess it too, so it counts with the sign-ins of the account and address.
 */
async function checkCurrentPassword(deps: AccountDeps, caller: Caller, hash: string, password: string, wrong: string): Promise<void> {
  const attempt = await admitLogin(deps.rateLimiter, deps.config, { email: caller.user.email, ip: caller.ip, device: null });
  if (!(await verifyPassword(hash, password))) {
    await attempt.failed();
    throw badRequest(wrong);
  }
  await attempt.succeeded();
}

/** A new password for the caller; every other session of the account ends, this one stays. Returns how many ended. */
export async function changePassword(deps: AccountDeps, caller: Caller, input: ChangePasswordRequest): Promise<number> {
  const account = await findByEmail(deps.db, caller.user.email);
  if (!account || account.id !== caller.user.user_id) throw unauthorized();
  if (!account.password_hash) throw badRequest(ACCOUNT_MESSAGES.noPassword);
  await checkCurrentPassword(deps, caller, account.password_hash, input.current_password, ACCOUNT_MESSAGES.currentPasswordWrong);
  checkNewPassword(input.new_password, 'Password must be at least 6 characters.');
  if (input.new_password === input.current_password) throw badRequest(ACCOUNT_MESSAGES.samePassword);
  const hash = await hashPassword(input.new_password);
  return deps.db.withTransaction(async (tx) => {
    await setPasswordHash(tx, account.id, hash);
    return revokeOtherSessions(tx, account.id, caller.sessionId);
  });
}

/** GET /api/my/data: one consistent snapshot of everything stored about the caller. */
export async function exportData(deps: Pick<AccountDeps, 'db'>, userId: number): Promise<MyDataResponse> {
  const data = await deps.db.withTransaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return exportAccountData(tx, userId);
  });
  if (!data) throw unauthorized();
  return { success: true, exportedAt: new Date().toISOString(), ...data };
}

/**
 * Deletes the caller's account (the right to erasure), after the confirmation: the current
 * password, or for an account without one its email typed out. In one transaction: holds given
 * back, every session ended, Google links removed, the person's details replaced (deletion
 * repository), the deletion written to the audit trail. The last Active administrator cannot.
 */
export async function deleteAccount(deps: AccountDeps, caller: Caller, input: DeleteAccountRequest): Promise<void> {
  const userId = caller.user.user_id;
  const current = await findByEmail(deps.db, caller.user.email);
  if (!current || current.id !== userId) throw unauthorized();
  if (current.password_hash) {
    if (!input.password) throw badRequest(ACCOUNT_MESSAGES.deletePasswordRequired);
    await checkCurrentPassword(deps, caller, current.password_hash, input.password, ACCOUNT_MESSAGES.deletePasswordWrong);
  } else {
    if (!input.email) throw badRequest(ACCOUNT_MESSAGES.deleteEmailRequired);
    if (input.email.toLowerCase() !== current.email.toLowerCase()) throw badRequest(ACCOUNT_MESSAGES.deleteEmailWrong);
  }
  await deps.db.withTransaction(async (tx) => {
    const target = await deletion.lockLiveAccount(tx, userId);
    // Changed since it was checked (a password change, another deletion): ask again.
    if (!target || target.password_hash !== current.password_hash || target.email !== current.email) throw new AppError(409, 'Your account changed meanwhile. Please try again.');
    if (target.role_name === 'Admin' && (await deletion.otherActiveAdmins(tx, userId)) === 0) throw new AppError(409, ACCOUNT_MESSAGES.lastAdmin);
    const released = await deletion.releaseHolds(tx, userId, deps.clock.now());
    await revokeAllSessions(tx, userId);
    await deletion.anonymise(tx, userId);
    await logAction(tx, { actorId: userId, action: 'account.deleted', subject: { accountId: userId }, ip: caller.ip, data: { role: target.role_name, holdsReleased: released } });
  });
}
