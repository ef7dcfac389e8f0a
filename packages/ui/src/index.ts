export { PageErrorBoundary } from './page-error-boundary';
export { PageOutlet } from './page-outlet';
export type { PageOutletProps } from './page-outlet';
export { useLogoutAction } from './use-logout-action';
export type { LogoutAction } from './use-logout-action';
export { renderStandaloneRemote } from './standalone-remote';
export type { StandaloneRemoteOptions } from './standalone-remote';
export { AreaNotFoundPage } from './area-not-found-page';
export type { AreaNotFoundPageProps } from './area-not-found-page';
