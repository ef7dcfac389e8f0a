import { sendFeedback } from '@sports/api-client/feedback';
import { useMutation } from '@sports/query';

/** Send a rating and comment about the site (POST /api/feedback); nothing the visitor's pages cache changes. */
export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
