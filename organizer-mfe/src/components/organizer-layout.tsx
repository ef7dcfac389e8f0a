import type { RemoteProps } from '@sports/contracts';
import { PageOutlet } from '@sports/ui';
import { OrganizerNav } from './organizer-nav';

interface OrganizerLayoutProps {
  logout: RemoteProps['logout'];
}

/** The organizer area inside the shell's header and footer: the top navigation bar, then the page. */
export function OrganizerLayout({ logout }: OrganizerLayoutProps) {
  return (
    <div className="org">
      <OrganizerNav logout={logout} />
      <div className="org-content">
        <PageOutlet area="Organizer" classPrefix="org" />
      </div>
    </div>
  );
}
