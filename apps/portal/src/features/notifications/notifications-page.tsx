import { FollowedPlaces } from '@portico/web-shell';
import NotificationsPage from '@portico/web-shell/notifications-page';

/**
 * `/notifications` of the portal: the shell's mail settings per kind, then the folders and sites the client
 * follows, each with "Unfollow" (decision 59).
 */
export default function PortalNotificationsPage() {
  return (
    <div className="portico-stack" style={{ maxWidth: 720, gap: 32 }}>
      <NotificationsPage />
      <FollowedPlaces />
    </div>
  );
}
