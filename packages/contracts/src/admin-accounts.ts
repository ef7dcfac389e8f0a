import { z } from 'zod';
import { ACCOUNT_STATUSES, ROLE_NAMES } from './enums';
import { pageParam, pageQuerySchema } from './query-params';
import { cleanString } from './text';

/** `?search=`: free text, trimmed; blank means no search. */
export const searchParam = z
  .string({ error: 'search must be text' })
  .max(100, 'search is too long (at most 100 characters)')
  .transform((s) => s.trim())
  .optional();

/**
 * GET /api/admin/accounts?page=&search=&role=&status=
 * search matches name ("First Last", or as the table shows it, "Ana M. Reyes Jr"), email or
 * account number anywhere, case-insensitively;
 * role and status narrow it. Oldest account first, 10 a page.
 */
export const adminAccountsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  role: z.enum(ROLE_NAMES, `role must be one of: ${ROLE_NAMES.join(', ')}`).optional(),
  status: z.enum(ACCOUNT_STATUSES, `status must be one of: ${ACCOUNT_STATUSES.join(', ')}`).optional(),
});
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

/**
 * POST /api/admin/accounts/:id/status — body { status, reason? }.
 * Inactive and Restricted refuse the account's very next request (its sessions answer 401 with
 * the reason, which the user sees on /login); made Active again, its old sessions are ended and the
 * user signs in anew. An admin cannot set their own account to either, nor leave the platform
 * without an Active admin (409).
 */
export const accountStatusRequestSchema = z.object({
  status: z.enum(ACCOUNT_STATUSES, `Status must be one of: ${ACCOUNT_STATUSES.join(', ')}`),
  reason: cleanString('Reason must be text')
    .max(500, 'Reason is too long (at most 500 characters)')
    .transform((s) => (s === '' ? undefined : s))
    .optional(),
});
export type AccountStatusRequest = z.infer<typeof accountStatusRequestSchema>;

/** GET /api/admin/accounts/:id/audit?page= and GET /api/admin/events/:id/audit?page= */
export const auditQuerySchema = pageQuerySchema;
