import { sendInquiry } from '@sports/api-client/feedback';
import { useMutation } from '@sports/query';

/** Send a Contact Us message (POST /api/inquiries); nothing the visitor's pages cache changes. */
export function useSendInquiry() {
  return useMutation({ mutationFn: sendInquiry });
}
