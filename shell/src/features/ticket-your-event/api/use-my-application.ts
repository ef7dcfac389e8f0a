import { organizerApplicationQueries } from '@sports/api-client/organizer-applications';
import { useQuery } from '@sports/query';

/** The signed-in visitor's latest organizer application (null: never applied). */
export function useMyApplication(enabled: boolean) {
  return useQuery({ ...organizerApplicationQueries.mine(), enabled });
}
