import { useEffect, useState } from 'react';

/**
 * Milliseconds until `expiresAt` (ISO instant), ticking every second and stopping at 0;
 * null when the instant cannot be read.
 */
export function useTimeLeft(expiresAt: string): number | null {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!Number.isFinite(deadline)) return undefined;
    if (Date.now() >= deadline) return undefined;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return Number.isFinite(deadline) ? Math.max(0, deadline - now) : null;
}
