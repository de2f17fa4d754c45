import { MailOutlined } from '@ant-design/icons';
import { Card, Flex, List, Skeleton, Switch } from 'antd';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useMinWidth } from '../../../lib/use-breakpoint.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';
import { PageHeading } from '../../layout/components/page-heading.tsx';
import { QueryErrorAlert } from '../../lists/components/query-error-alert.tsx';
import {
  useGetNotificationPreferencesQuery,
  useSetNotificationPreferenceMutation,
} from '../api/notification-preferences.ts';

/**
 * `/notifications` of the portal and of the control panel: which mails the signed-in person gets from this firm,
 * one switch per kind (the same choice as the unsubscribe link of each mail).
 */
export default function NotificationsPage() {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const preferences = useGetNotificationPreferencesQuery({ tenant }, { skip: !tenant || !token });
  const [setPreference, saving] = useSetNotificationPreferenceMutation();
  const wide = useMinWidth('sm');

  const change = (kind: string, enabled: boolean) =>
    setPreference({ tenant, kind, enabled })
      .unwrap()
      .then(() =>
        notify.success(enabled ? 'These mails are on again.' : 'You will no longer get these mails.'),
      )
      .catch((error: unknown) => notify.error('The change was not saved', describeQueryError(error)));

  return (
    <Flex vertical gap={24} style={{ maxWidth: 720 }}>
      <PageHeading
        icon={<MailOutlined />}
        title="Notifications"
        description="Which e-mails you receive from this firm. Every such mail also has a link to turn its kind off."
      />
      {preferences.error ? (
        <QueryErrorAlert
          title="Your notification settings could not be loaded"
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
        />
      ) : !preferences.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        // A phone keeps the card's padding small: the sentences have room beside the side menu.
        <Card size={wide ? 'default' : 'small'}>
          <List
            data-testid="notification-preferences"
            dataSource={preferences.data.preferences}
            locale={{ emptyText: 'There are no e-mails for you to choose here.' }}
            renderItem={(preference) => {
              const id = `notification-${preference.kind}`;
              return (
                <List.Item
                  extra={
                    <Switch
                      aria-labelledby={id}
                      checked={preference.enabled}
                      loading={saving.isLoading && saving.originalArgs?.kind === preference.kind}
                      onChange={(enabled) => void change(preference.kind, enabled)}
                      data-testid={`${id}-switch`}
                    />
                  }
                >
                  {/* Not List.Item.Meta: its title is an h4 right under the page's h1 (axe: heading-order). */}
                  <div>
                    <div id={id} style={{ fontWeight: 600 }}>
                      {preference.label}
                    </div>
                    <div style={{ color: '#595959' }}>{preference.description}</div>
                  </div>
                </List.Item>
              );
            }}
          />
        </Card>
      )}
    </Flex>
  );
}
