import type { AccountStatus } from '@sports/contracts';
import { adminInvalidations, setAccountStatus } from '@sports/api-client/admin';
import { invalidateAll, useMutation, useQueryClient } from '@sports/query';

/** Set an account Active, Inactive or Restricted with an optional reason; the account lists refetch. */
export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, status, reason }: { accountId: number; status: AccountStatus; reason: string }) => setAccountStatus(accountId, status, reason),
    onSuccess: () => invalidateAll(queryClient, adminInvalidations.accountStatus),
  });
}
