// Runs the admin remote on its own for development (`npm run dev -w admin-mfe`).
// In the product the shell owns the router, the session and the guard, and mounts ./routes.
import { renderStandaloneRemote } from '@sports/ui';
import AdminRoutes from './routes';
import { ADMIN_BASE, ADMIN_PATHS } from './paths';

renderStandaloneRemote({ name: 'admin', basePath: ADMIN_BASE, homePath: ADMIN_PATHS.dashboard, Routes: AdminRoutes });
