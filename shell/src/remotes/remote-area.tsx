import type { BookingPage, BookingRemoteProps, RemoteProps } from '@sports/contracts';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import type { RemoteName } from '../runtime-config';
import { useSession } from '../session/session-context';
import { loadRemoteComponent } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';

const LABELS: Record<RemoteName, string> = {
  booking: 'Event booking',
  admin: 'The admin area',
  organizer: 'The organizer area',
};

/** Module each remote exposes (see each remote's webpack.config.js). */
const EXPOSED: Record<RemoteName, string> = {
  booking: 'booking/pages',
  admin: 'admin/routes',
  organizer: 'organizer/routes',
};

function RemoteArea<P extends RemoteProps>({ remote, props }: { remote: RemoteName; props: Omit<P, keyof RemoteProps> }) {
  const { user, logout } = useSession();
  const [attempt, setAttempt] = useState(0);
  // A fresh lazy component per attempt: React.lazy remembers a failed load forever.
  const Remote = useMemo(
    () => lazy(() => loadRemoteComponent<P>(EXPOSED[remote])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the reason to reload
    [remote, attempt],
  ) as ComponentType<P>;
  const label = LABELS[remote];
  const remoteProps = { ...props, user, logout } as P;
  return (
    <RemoteErrorBoundary key={attempt} label={label} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<div className="remote-loading" role="status" aria-live="polite">Loading…</div>}>
        <Remote {...remoteProps} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export function BookingArea({ page }: { page: BookingPage }) {
  return <RemoteArea<BookingRemoteProps> remote="booking" props={{ page }} />;
}

export function AdminArea() {
  return <RemoteArea<RemoteProps> remote="admin" props={{}} />;
}

export function OrganizerArea() {
  return <RemoteArea<RemoteProps> remote="organizer" props={{}} />;
}
