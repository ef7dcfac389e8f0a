import { ACCOUNTS_PAGE_SIZE, AUDIT_PAGE_SIZE } from '@sports/contracts';
import type { AccountStatus, AccountStatusRequest, AdminAccount, AdminAccountsQuery, AdminAccountsResponse, AuditEntry, AuditResponse } from '@sports/contracts';
import type { Db, Queryable } from '../db';
import { AppError, notFound } from '../errors';
import { revokeAllSessions } from '../auth/sessions.repository';
import * as repo from './accounts.repository';
import type { AccountListRow } from './accounts.repository';
import { logAction } from '../audit/log-action';
import * as audit from './audit.repository';
import type { AuditTarget } from './audit.repository';
import { offsetOf, pageCount } from '../db/sql';

export const ACCOUNT_MESSAGES = {
  notFound: 'Account not found.',
  notYourself: 'You cannot deactivate or restrict your own account.',
  lastAdmin: 'This is the last active admin account: it cannot be deactivated or restricted.',
} as const;

function toAccount(r: AccountListRow): AdminAccount {
  return { id: r.id, name: r.name, email: r.email, role: r.role, accountNo: r.account_no, status: r.status, dateCreated: r.date_created, lastLogin: r.last_login };
}

/** The admin Accounts table: 10 a page, searched by name, email or account number, filtered by role and status. */
export async function listAccounts(db: Queryable, query: AdminAccountsQuery): Promise<AdminAccountsResponse> {
  const page = query.page ?? 1;
  const roleId = query.role ? await repo.roleIdOf(db, query.role) : null;
  const filter = { search: query.search || null, roleId, status: query.status ?? null };
  const [total, rows] = await Promise.all([
    repo.countAccounts(db, filter),
    repo.findAccounts(db, filter, ACCOUNTS_PAGE_SIZE, offsetOf(page, ACCOUNTS_PAGE_SIZE)),
  ]);
  return { success: true, accounts: rows.map(toAccount), page, pageSize: ACCOUNTS_PAGE_SIZE, totalPages: pageCount(total, ACCOUNTS_PAGE_SIZE), total };
}

export interface Actor {
  id: number;
  /** The caller's address, for the audit log. */
  ip: string;
}

/**
 * Sets an account's status (PRODUCT §6) in one transaction: locks taken in one order (active
 * admins by id, then the target), the checks, the change, the end of its old sessions (when made
 * Active again), and the audit row. The same status again changes and writes nothing.
 */
export async function setAccountStatus(db: Db, actor: Actor, targetId: number, input: AccountStatusRequest): Promise<{ account: AdminAccount; changed: boolean }> {
  const next: AccountStatus = input.status;
  if (targetId === actor.id && next !== 'Active') throw new AppError(409, ACCOUNT_MESSAGES.notYourself);
  return db.withTransaction(async (tx) => {
    // The only role change (an approved organizer application) makes a Participant an Organizer,
    // never touching Admin, so whether this demotes an admin can be read before locking.
    const role = await repo.findRole(tx, targetId);
    if (!role) throw notFound(ACCOUNT_MESSAGES.notFound);
    const demotingAdmin = role === 'Admin' && next !== 'Active';
    const activeAdmins = demotingAdmin ? await repo.lockActiveAdmins(tx) : [];
    const current = await repo.lockAccountStatus(tx, targetId);
    if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
    if (current !== next) {
      if (demotingAdmin && current === 'Active' && !activeAdmins.some((id) => id !== targetId)) throw new AppError(409, ACCOUNT_MESSAGES.lastAdmin);
      await repo.updateStatus(tx, targetId, next);
      // An account that is not Active is refused on its very next request by authenticate, which
      // reads the status each time (and can tell the user why). Its sessions end when it is made
      // Active again, so old logins do not come back: the user signs in anew.
      if (next === 'Active') await revokeAllSessions(tx, targetId);
      await logAction(tx, {
        actorId: actor.id,
        action: 'account.status_changed',
        subject: { accountId: targetId },
        data: { before: { status: current }, after: { status: next, ...(input.reason ? { reason: input.reason } : {}) } },
        ip: actor.ip,
      });
    }
    const account = await repo.findAccount(tx, targetId);
    if (!account) throw notFound(ACCOUNT_MESSAGES.notFound);
    return { account: toAccount(account), changed: current !== next };
  });
}

function toEntry(r: audit.AuditRow): AuditEntry {
  return {
    id: r.id,
    action: r.action,
    actor: { id: r.actor_id, name: r.actor_name, email: r.actor_email },
    before: r.before,
    after: r.after,
    at: r.at.toISOString(),
    date: r.date,
    time: r.time,
    ip: r.ip,
  };
}

/** One page of the audit rows about an account or an event, newest first. */
export async function listAudit(db: Queryable, target: AuditTarget, id: number, page: number): Promise<AuditResponse> {
  const [total, rows] = await Promise.all([audit.countAudit(db, target, id), audit.findAudit(db, target, id, AUDIT_PAGE_SIZE, offsetOf(page, AUDIT_PAGE_SIZE))]);
  return { success: true, entries: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, totalPages: pageCount(total, AUDIT_PAGE_SIZE), total };
}
