import { z } from 'zod';
import type { AccountStatus } from './enums';

/** Accounts shown per page on the admin Accounts screen (SPEC: "Page 1 of 25", "Total Accounts: 250"). */
export const ACCOUNTS_PAGE_SIZE = 10;

/** GET /api/admin/accounts?page=&search= (page from 1; search matches name or email). */
export const adminAccountsQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'page must be a whole number from 1')
    .transform(Number)
    .refine((n) => n >= 1, 'page must be a whole number from 1')
    .optional(),
  search: z.string().max(100, 'search is too long (at most 100 characters)').optional(),
});

/** One row of the admin Accounts table (SPEC §3 "Account"); dates are MM-DD-YYYY in Asia/Manila. */
export interface AdminAccount {
  id: number;
  name: string;
  email: string;
  role: string;
  /** 12 digits. */
  accountNo: string;
  status: AccountStatus;
  dateCreated: string;
  /** null when the account never logged in. */
  lastLogin: string | null;
}

export interface AdminAccountsResponse {
  success: true;
  accounts: AdminAccount[];
  page: number;
  totalPages: number;
  total: number;
}
