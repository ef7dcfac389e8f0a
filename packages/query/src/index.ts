// Every app and package imports TanStack Query from here (eslint enforces it). A shared federation
// module is built whole, so sharing @tanstack/react-query itself ships all of it; sharing this
// module ships only what is named below. Add a name here when code needs it.
export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  queryOptions,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { QueryKey, UseMutationResult, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
export { invalidateAll } from './invalidate';
