import { configureApi } from '@sports/api-client';
import { createQueryClient } from '@sports/api-client/query-client';
import { QueryClientProvider } from '@sports/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@sports/router';
import { App } from './app';
import { registerRemoteEntries } from './remotes/federation';
import { loadRuntimeConfig } from './runtime-config';
import { SessionProvider } from './session/session-context';
import './shell.css';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container, {
    // React 19 reports boundary-caught errors with console.error; ours are handled (remote fallback).
    onCaughtError: (error) => console.warn('Handled by an error boundary:', error),
  });
  try {
    const config = await loadRuntimeConfig();
    configureApi({ baseUrl: config.apiUrl });
    registerRemoteEntries(config.remotes);
  } catch (error) {
    root.render(
      <main className="page page--center" role="alert">
        <h1>The site could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <SessionProvider>
            <App />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
