/**
 * One Idempotency-Key per order for POST /api/orders/:id/pay, kept in sessionStorage: a retry after
 * a lost answer (or a reload mid-payment) sends the same key, so the server answers with the first
 * result instead of charging twice (PRODUCT §4).
 */
const PREFIX = 'booking:pay-key:';
/** Used only when sessionStorage is unavailable (privacy mode): still stable for this page's life. */
const memory = new Map<number, string>();

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A random UUID v4; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The order's key: the stored one, or a new one stored for the next attempt. */
export function idempotencyKeyFor(orderId: number): string {
  const store = storage();
  try {
    const stored = store?.getItem(PREFIX + orderId);
    if (stored) return stored;
  } catch {
    // fall through to the in-memory key
  }
  const existing = memory.get(orderId);
  if (existing) return existing;
  const key = randomKey();
  memory.set(orderId, key);
  try {
    store?.setItem(PREFIX + orderId, key);
  } catch {
    // quota or privacy mode: the in-memory key still covers retries on this page
  }
  return key;
}

/** The order is paid: its key has done its job. */
export function forgetIdempotencyKey(orderId: number): void {
  memory.delete(orderId);
  try {
    storage()?.removeItem(PREFIX + orderId);
  } catch {
    // nothing to clean up
  }
}
