import { ACCOUNTS_PAGE_SIZE } from '@sports/contracts';
import type { AdminAccount, AdminAccountsResponse } from '@sports/contracts';
import type { Queryable } from '../db';
import * as repo from './accounts.repository';
import type { AccountListRow } from './accounts.repository';

export function displayName(row: Pick<AccountListRow, 'first_name' | 'middle_initial' | 'last_name' | 'suffix'>): string {
  return [row.first_name, row.middle_initial ? `${row.middle_initial}.` : null, row.last_name, row.suffix].filter(Boolean).join(' ');
}

/** The admin Accounts table: 10 a page, searched by name, email or account number. */
export async function listAccounts(db: Queryable, page: number, search: string | null): Promise<Omit<AdminAccountsResponse, 'success'>> {
  const total = await repo.countAccounts(db, search);
  const rows = await repo.findAccounts(db, search, ACCOUNTS_PAGE_SIZE, (page - 1) * ACCOUNTS_PAGE_SIZE);
  const accounts: AdminAccount[] = rows.map((r) => ({
    id: r.id,
    name: displayName(r),
    email: r.email,
    role: r.role,
    accountNo: r.account_no,
    status: r.status,
    dateCreated: r.date_created,
    lastLogin: r.last_login,
  }));
  return { accounts, page, totalPages: Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE)), total };
}
