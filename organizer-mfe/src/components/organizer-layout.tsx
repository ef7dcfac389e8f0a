import type { RemoteProps } from '@sports/contracts';
import { DataArea, PageOutlet } from '@sports/ui';
import { OrganizerNav } from './organizer-nav';

interface OrganizerLayoutProps {
  logout: RemoteProps['logout'];
}

/** The organizer area inside the shell's header and footer: the top navigation bar, then the page (with the area's toasts). */
export function OrganizerLayout({ logout }: OrganizerLayoutProps) {
  return (
    <DataArea area="organizer">
      <OrganizerNav logout={logout} />
      <div className="ds-content">
        <PageOutlet area="Organizer" />
      </div>
    </DataArea>
  );
}
