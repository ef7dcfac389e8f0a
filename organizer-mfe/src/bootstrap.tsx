// Runs the organizer remote on its own for development (`npm run dev -w organizer-mfe`).
// In the product the shell owns the router, the session and the guard, and mounts ./routes.
import { renderStandaloneRemote } from '@sports/ui';
import OrganizerRoutes from './routes';
import { ORGANIZER_BASE, ORGANIZER_PATHS } from './paths';

renderStandaloneRemote({ name: 'organizer', basePath: ORGANIZER_BASE, homePath: ORGANIZER_PATHS.dashboard, Routes: OrganizerRoutes });
