// @sports/api-client/admin: every call of the admin area (/api/admin/*, Admin only).
// Reads are queryOptions factories under the ['admin'] key; writes are functions, and
// adminInvalidations says which cached reads each write makes stale.
import {
  accountStatusResponseSchema,
  adminAccountsResponseSchema,
  adminDashboardResponseSchema,
  adminEventDetailResponseSchema,
  adminEventsResponseSchema,
  adminFeedbackResponseSchema,
  adminInquiriesResponseSchema,
  adminOrganizerApplicationsResponseSchema,
  auditResponseSchema,
  eventDecisionResponseSchema,
  organizerApplicationDecisionResponseSchema,
  respondInquiryResponseSchema,
  adminRevenueResponseSchema,
  salesResponseSchema,
} from '@sports/contracts';
import type {
  AccountStatus,
  AccountStatusResponse,
  AdminInquiry,
  AdminOrganizerApplication,
  EventDecisionResponse,
  EventStatus,
  InquiryFilter,
  OrganizerApplicationFilter,
  RoleName,
} from '@sports/contracts';
import { apiGet, apiPost } from '@sports/api-client';
import { queryOptions } from '@sports/query';
import type { QueryKey } from '@sports/query';

/** The Accounts table's request: page from 1, free text ('' = none), and the two filters ('' = all). */
export interface AccountsFilter {
  page: number;
  search: string;
  role: RoleName | '';
  status: AccountStatus | '';
}

/** Manage Events' request. */
export interface EventRequestsFilter {
  page: number;
  search: string;
  status: EventStatus | '';
}

/** Whose audit log: an account's or an event request's. */
export type AuditKind = 'account' | 'event';

/** `?a=1&b=x` from the set values only (blank strings and page 1 are left out), '' when none. */
function queryString(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === '' || (name === 'page' && value === 1)) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Key prefixes of the admin reads, for invalidation. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  accounts: ['admin', 'accounts'] as const,
  events: ['admin', 'events'] as const,
  feedback: ['admin', 'feedback'] as const,
  inquiries: ['admin', 'inquiries'] as const,
  organizerApplications: ['admin', 'organizer-applications'] as const,
};

export const adminQueries = {
  /** GET /api/admin/dashboard: the four cards, recent organizations, pending inquiries. */
  dashboard: () =>
    queryOptions({
      queryKey: [...adminKeys.dashboard, 'summary'] as const,
      queryFn: ({ signal }) => apiGet('/api/admin/dashboard', adminDashboardResponseSchema, { signal }),
    }),
  /** GET /api/admin/dashboard/sales?year=: tickets sold per month; no year = the latest year with sales. */
  sales: (year: number | null) =>
    queryOptions({
      queryKey: [...adminKeys.dashboard, 'sales', year] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/dashboard/sales${queryString({ year: year ?? '' })}`, salesResponseSchema, { signal }),
    }),
  /** GET /api/admin/dashboard/revenue: every organizer's gross, discounts, refunds and net together. */
  revenue: () =>
    queryOptions({
      queryKey: [...adminKeys.dashboard, 'revenue'] as const,
      queryFn: ({ signal }) => apiGet('/api/admin/dashboard/revenue', adminRevenueResponseSchema, { signal }),
    }),
  /** GET /api/admin/accounts?page=&search=&role=&status= */
  accounts: (filter: AccountsFilter) =>
    queryOptions({
      queryKey: [...adminKeys.accounts, 'list', filter] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/accounts${queryString({ ...filter })}`, adminAccountsResponseSchema, { signal }),
    }),
  /** GET /api/admin/events?page=&search=&status= */
  events: (filter: EventRequestsFilter) =>
    queryOptions({
      queryKey: [...adminKeys.events, 'list', filter] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/events${queryString({ ...filter })}`, adminEventsResponseSchema, { signal }),
    }),
  /** GET /api/admin/events/:id: one request in full (venue, seats, organizer's other events, history, visitor preview). */
  event: (eventId: number) =>
    queryOptions({
      queryKey: [...adminKeys.events, 'detail', eventId] as const,
      queryFn: async ({ signal }) => (await apiGet(`/api/admin/events/${eventId}`, adminEventDetailResponseSchema, { signal })).event,
    }),
  /**
   * GET /api/admin/accounts/:id/audit?page= (an account's status changes) or
   * GET /api/admin/events/:id/audit?page= (an event request's decisions): newest first.
   */
  audit: (kind: AuditKind, id: number, page: number) =>
    queryOptions({
      queryKey: ['admin', kind === 'account' ? 'accounts' : 'events', 'audit', id, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/${kind === 'account' ? 'accounts' : 'events'}/${id}/audit${queryString({ page })}`, auditResponseSchema, { signal }),
    }),
  /** GET /api/admin/feedback?page=: newest first. */
  feedback: (page: number) =>
    queryOptions({
      queryKey: [...adminKeys.feedback, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/feedback${queryString({ page })}`, adminFeedbackResponseSchema, { signal }),
    }),
  /** GET /api/admin/inquiries?status=&page=: pending (oldest first), answered or all (newest first). */
  inquiries: (status: InquiryFilter, page: number) =>
    queryOptions({
      queryKey: [...adminKeys.inquiries, status, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/inquiries${queryString({ status, page })}`, adminInquiriesResponseSchema, { signal }),
    }),
  /** GET /api/admin/organizer-applications?status=&page=: pending (default) oldest first; the others newest first. */
  organizerApplications: (status: OrganizerApplicationFilter, page: number) =>
    queryOptions({
      queryKey: [...adminKeys.organizerApplications, status, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/admin/organizer-applications${queryString({ status, page })}`, adminOrganizerApplicationsResponseSchema, { signal }),
    }),
};

/**
 * POST /api/admin/accounts/:id/status { status, reason? }. Not Active ends the account's access on
 * its next request. 409 (with the server's text) for the caller's own account or the last active admin.
 */
export function setAccountStatus(accountId: number, status: AccountStatus, reason?: string): Promise<AccountStatusResponse> {
  const trimmed = reason?.trim();
  return apiPost(`/api/admin/accounts/${accountId}/status`, trimmed ? { status, reason: trimmed } : { status }, accountStatusResponseSchema);
}

/** POST /api/admin/events/:id/approve: visitors see the event at once. Approving again changes nothing. */
export function approveEventRequest(eventId: number): Promise<EventDecisionResponse> {
  return apiPost(`/api/admin/events/${eventId}/approve`, {}, eventDecisionResponseSchema);
}

/** POST /api/admin/events/:id/reject { reason }: the organizer sees the reason; 400 without one. */
export function rejectEventRequest(eventId: number, reason: string): Promise<EventDecisionResponse> {
  return apiPost(`/api/admin/events/${eventId}/reject`, { reason: reason.trim() }, eventDecisionResponseSchema);
}

/** POST /api/admin/inquiries/:id/respond { message }: mails the answer; the inquiry is then answered (409 if it already was). */
export async function respondToInquiry(inquiryId: number, message: string): Promise<AdminInquiry> {
  return (await apiPost(`/api/admin/inquiries/${inquiryId}/respond`, { message: message.trim() }, respondInquiryResponseSchema)).inquiry;
}

/** POST /api/admin/organizer-applications/:id/approve: the applicant's account becomes an Organizer and is mailed; 409 once decided. */
export async function approveOrganizerApplication(applicationId: number): Promise<AdminOrganizerApplication> {
  return (await apiPost(`/api/admin/organizer-applications/${applicationId}/approve`, {}, organizerApplicationDecisionResponseSchema)).application;
}

/** POST /api/admin/organizer-applications/:id/decline { reason? }: the applicant is mailed (with the reason when given); 409 once decided. */
export async function declineOrganizerApplication(applicationId: number, reason?: string): Promise<AdminOrganizerApplication> {
  const trimmed = reason?.trim();
  return (await apiPost(`/api/admin/organizer-applications/${applicationId}/decline`, trimmed ? { reason: trimmed } : {}, organizerApplicationDecisionResponseSchema)).application;
}

/** What each write makes stale: invalidate these keys after it succeeds. */
export const adminInvalidations: Record<'accountStatus' | 'eventDecision' | 'inquiryResponse' | 'organizerApplicationDecision', readonly QueryKey[]> = {
  accountStatus: [adminKeys.accounts],
  // An approval changes what visitors see: their event lists live under ['events'].
  eventDecision: [adminKeys.events, adminKeys.dashboard, ['events']],
  inquiryResponse: [adminKeys.inquiries, adminKeys.dashboard],
  // An approval changes the applicant's role on the Accounts table.
  organizerApplicationDecision: [adminKeys.organizerApplications, adminKeys.accounts],
};
