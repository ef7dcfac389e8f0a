import { act, screen } from '@testing-library/react';
import { assetUrl } from '@sports/api-client';
import { shouldRetryRead } from '@sports/api-client/query-client';
import { useQuery, useQueryClient } from '@sports/query';
import { renderStandaloneRemote } from '../src';

/** A remote's page that reads through useQuery, as every data page of admin and organizer does. */
function RemoteRoutes() {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => Promise.resolve('Hello from the API') });
  const { retry, staleTime } = client.getDefaultOptions().queries ?? {};
  return (
    <main>
      <p>{data ?? 'Loading…'}</p>
      <p>Image at {assetUrl('/uploads/a.png')}</p>
      <p>{retry === shouldRetryRead && staleTime === 30_000 ? "The shell's query settings" : 'Other query settings'}</p>
    </main>
  );
}

describe('renderStandaloneRemote', () => {
  let root: HTMLElement;

  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    window.history.replaceState(null, '', '/admin/dashboard?api=http://api.example.test:9000');
  });

  afterEach(() => {
    root.remove();
  });

  it('renders a data page alone: a QueryClient with the shell settings, and the API at ?api=', async () => {
    await act(async () => {
      renderStandaloneRemote({ name: 'admin', basePath: '/admin', homePath: '/admin/dashboard', Routes: RemoteRoutes });
      await Promise.resolve();
    });
    expect(await screen.findByText('Hello from the API')).toBeInTheDocument();
    expect(screen.getByText("The shell's query settings")).toBeInTheDocument();
    expect(screen.getByText('Image at http://api.example.test:9000/uploads/a.png')).toBeInTheDocument();
  });
});
