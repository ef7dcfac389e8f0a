/** "in 42 seconds", "in 3 minutes", "in 1 hour": how long a refused client must wait (Retry-After, in seconds). */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s <= 60 ? [s, 'second'] : s < 3600 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return `in ${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** What a 429 says: the wait comes from the same number as its Retry-After header. */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again ${waitText(retryAfterSeconds)}.`;
}
