import { uploadBanner } from '@sports/api-client/organizer';
import { useMutation } from '@sports/query';

/** Upload a banner image (the API checks its bytes); nothing cached changes until the event is saved with it. */
export function useUploadBanner() {
  return useMutation({ mutationFn: (file: File) => uploadBanner(file) });
}
