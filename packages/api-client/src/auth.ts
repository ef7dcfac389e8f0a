import { apiPost } from './http';

/** Ends the session on the server (SPEC "the logout endpoint of the backend API"). */
export async function logoutRequest(): Promise<void> {
  await apiPost<{ success: true }>('/api/logout.php', {});
}
