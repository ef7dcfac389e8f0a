import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Marks every cached read under each of `keys` stale (the shown ones refetch); resolves when they have. */
export function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
