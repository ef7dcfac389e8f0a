// The harness page of the browser tests (e2e/kit.e2e.ts): the kit composed the way an admin or
// organizer screen will compose it, with a fake API in place of the real one.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from '@sports/router';
import { HarnessPage } from './harness-page';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route path="/kit/admin" element={<HarnessPage area="admin" />} />
          <Route path="/kit/organizer" element={<HarnessPage area="organizer" />} />
          <Route path="*" element={<Navigate to="/kit/admin" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
