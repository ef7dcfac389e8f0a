import { Outlet } from '@sports/router';
import { Footer } from './footer';
import { Header } from './header';
import { RouteNotice } from './route-notice';

export function Layout() {
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteNotice />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
