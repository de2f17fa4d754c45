import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LIVE_LIST } from '../../../api/live-list.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';
import { useGetActivityUnreadCountQuery } from '../api/activity.ts';

/** Where the activity page is, in both front ends. */
export const ACTIVITY_PATH = '/activity';

/** The count in words, for screen readers and the tooltip. */
export const activityLabel = (unread: number) =>
  unread === 0 ? 'Activity, nothing new' : `Activity, ${unread} unread`;

/**
 * The header's bell (decision 53): a link to the activity page with the caller's unread count, read again when the
 * window gets the focus back and every 30 s while it has it. Drawn without antd, like the rest of the header.
 */
export function ActivityBell() {
  const tenant = useShellSelector(selectTenant);
  const token = useShellSelector(selectAccessToken);
  const { data } = useGetActivityUnreadCountQuery(
    { tenant: tenant ?? '' },
    { skip: !tenant || !token, ...LIVE_LIST, skipPollingIfUnfocused: true },
  );
  const unread = data?.unreadCount ?? 0;
  const label = activityLabel(unread);
  return (
    <Link
      to={ACTIVITY_PATH}
      className="portico-header__button portico-activity-bell"
      aria-label={label}
      title={label}
      data-testid="activity-bell"
    >
      <BellOutlined aria-hidden />
      {unread > 0 ? (
        <span className="portico-activity-bell__count" aria-hidden data-testid="activity-unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
