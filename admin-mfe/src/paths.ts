/** Where the shell (and the standalone bootstrap) mounts this remote. */
export const ADMIN_BASE = '/admin';

export const ADMIN_PATHS = {
  dashboard: `${ADMIN_BASE}/dashboard`,
  accounts: `${ADMIN_BASE}/accounts`,
  events: `${ADMIN_BASE}/events`,
  feedback: `${ADMIN_BASE}/feedback`,
} as const;
