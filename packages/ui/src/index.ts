// The shared pieces of the apps, and the kit the admin and organizer data screens are built from
// (README.md beside this folder shows each in use). Kit modules import data-screens.css themselves.
export { PageErrorBoundary } from './page-error-boundary';
export { PageOutlet } from './page-outlet';
export type { PageOutletProps } from './page-outlet';
export { useLogoutAction } from './use-logout-action';
export type { LogoutAction } from './use-logout-action';
export { apiBaseFromLocation, renderStandaloneRemote } from './standalone-remote';
export type { StandaloneRemoteOptions } from './standalone-remote';
export { AreaNotFoundPage } from './area-not-found-page';
export type { AreaNotFoundPageProps } from './area-not-found-page';

export { DataArea, DataToolbar } from './data-area';
export type { DataAreaName, DataAreaProps, DataToolbarProps } from './data-area';
export { DataTable } from './data-table';
export type { DataColumn, DataTableProps, RowKey } from './data-table';
export { Pager, UrlPager } from './pager';
export type { PagerFormat, PagerProps, UrlPagerProps } from './pager';
export { PAGE_PARAM, pageCountOf, parsePage, useFilterParam, usePageParam, useSearchParam, useSearchParamsPatch } from './url-params';
export type { FilterParamOptions, ParamWriteOptions, SearchParamOptions, SearchParamPatch } from './url-params';
export { SearchBox, SEARCH_DEBOUNCE_MS } from './search-box';
export type { SearchBoxProps } from './search-box';
export { EventSelect, FilterSelect, eventIds } from './filter-select';
export type { EventOption, EventSelectProps, FilterSelectProps, SelectOption } from './filter-select';
export { StatusBadge } from './status-badge';
export type { BadgeTone, StatusBadgeProps } from './status-badge';
export { Dialog } from './dialog';
export { keepTabInside } from './focus-trap';
export type { DialogProps } from './dialog';
export { ConfirmDialog, DialogFailure } from './confirm-dialog';
export { RespondDialog } from './respond-dialog';
export type { RespondDialogProps } from './respond-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { ToastProvider, useToast, TOAST_DURATION_MS } from './toast';
export type { ToastApi, ToastProviderProps, ToastTone } from './toast';
export { EmptyState, ErrorState, LoadingState } from './states';
export type { EmptyStateProps, ErrorStateProps, LoadingStateProps } from './states';
export { describeError } from './error-text';
export type { ErrorDescription } from './error-text';
export { QueryView, queryTableState } from './query-view';
export type { QueryLike, QueryTableState, QueryViewProps } from './query-view';

export { FREE_PRICE, formatPrice } from './format-price';
export { SESSION_KEY, clearStoredUser, parseStoredUser, readStoredUser, storeUser } from './stored-user';
export { BOOKING_ROUTES } from './booking-routes';
export { CancelEventButton, CancelEventDialog, impactText, isCancellable } from './cancel-event-dialog';
export type { CancelEventButtonProps, CancelEventDialogProps, CancellationImpact } from './cancel-event-dialog';
export { ReasonField } from './reason-field';
export type { ReasonFieldProps } from './reason-field';
