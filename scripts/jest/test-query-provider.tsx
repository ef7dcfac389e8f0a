// Test-only: wraps what a test renders in a fresh TanStack Query cache (the shell owns the real one).
import { QueryClient, QueryClientProvider } from '@sports/query';
import { useState, type ReactNode } from 'react';

/** A fresh cache per rendered tree; no retries, so a failure shows at once. */
export function TestQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
