import { BellOutlined } from '@ant-design/icons';
import type { ActivityItem } from '@portico/contracts';
import { Button, Card, Flex, List, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIVE_LIST } from '../../../api/live-list.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShell } from '../../../shell/shell-context.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';
import { PageHeading } from '../../layout/components/page-heading.tsx';
import { QueryErrorAlert } from '../../lists/components/query-error-alert.tsx';
import { useGetActivityQuery, useMarkActivityReadMutation } from '../api/activity.ts';

const PAGE = 20;
/** The control panel's own base: in the portal (base `/`) its links are another app's. */
const CONTROL_PANEL_BASE = '/control-panel/';

/** A link of this app becomes a route of its router; another app's (the control panel's, seen from the portal) a plain link. */
export function inAppPath(link: string, basePath: string): string | undefined {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  if (!link.startsWith(base)) return undefined;
  if (base === '/' && link.startsWith(CONTROL_PANEL_BASE)) return undefined;
  return `/${link.slice(base.length)}`;
}

function ItemLink({ item, basePath }: { item: ActivityItem; basePath: string }) {
  if (!item.link) return null;
  const label = item.linkLabel ?? 'Open';
  const path = inAppPath(item.link, basePath);
  return path ? <Link to={path}>{label}</Link> : <a href={item.link}>{label}</a>;
}

/**
 * `/activity` of the portal and of the control panel (decision 53): what happened in this firm that concerns the
 * signed-in person, newest first. Items unread when the page showed them are marked read at once and keep their
 * "New" mark while the page is open; the list reads itself again on focus and every 30 s.
 */
export default function ActivityPage() {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const { descriptor } = useShell();
  const [page, setPage] = useState(1);
  const activity = useGetActivityQuery(
    { tenant, limit: PAGE, offset: (page - 1) * PAGE },
    { skip: !tenant || !token, ...LIVE_LIST },
  );
  const [markRead, marking] = useMarkActivityReadMutation();
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(new Set<string>());

  // Seen is read: what this page shows unread is marked read once, and keeps its mark here.
  useEffect(() => {
    const fresh = (activity.data?.records ?? []).filter((r) => !r.read && !marked.current.has(r.id));
    if (fresh.length === 0) return;
    for (const r of fresh) marked.current.add(r.id);
    setSeenUnread((before) => new Set([...before, ...fresh.map((r) => r.id)]));
    markRead({ tenant, body: { ids: fresh.map((r) => r.id).slice(0, 100) } }).catch(() => undefined);
  }, [activity.data, markRead, tenant]);

  const markAll = () =>
    markRead({ tenant, body: { all: true } })
      .unwrap()
      .then(() => notify.success('Everything is marked as read.'))
      .catch((error: unknown) => notify.error('Nothing was marked as read', describeQueryError(error)));

  const data = activity.data;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 820 }}>
      <PageHeading
        icon={<BellOutlined />}
        title="Activity"
        description="What happened in this firm that concerns you, newest first — also when you turned the e-mail off."
        actions={
          <Button
            onClick={() => void markAll()}
            disabled={!data || data.unreadCount === 0}
            loading={marking.isLoading && !!marking.originalArgs && 'all' in marking.originalArgs.body}
            data-testid="activity-mark-all"
          >
            Mark all as read
          </Button>
        }
      />
      {activity.error ? (
        <QueryErrorAlert
          title="Your activity could not be loaded"
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Card>
          <List
            data-testid="activity-list"
            dataSource={data.records}
            loading={activity.isFetching && activity.currentData === undefined}
            pagination={
              data.totalRecordCount > PAGE
                ? {
                    current: page,
                    pageSize: PAGE,
                    total: data.totalRecordCount,
                    showSizeChanger: false,
                    onChange: setPage,
                    align: 'center',
                  }
                : false
            }
            locale={{
              emptyText: 'Nothing has happened here yet. New files, statuses and requests will show here.',
            }}
            renderItem={(item) => {
              const isNew = !item.read || seenUnread.has(item.id);
              return (
                <List.Item data-testid="activity-item" data-new={isNew}>
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <div style={{ fontWeight: isNew ? 600 : 400 }}>
                      {isNew ? (
                        <Tag color="blue" style={{ marginInlineEnd: 8 }}>
                          New
                        </Tag>
                      ) : null}
                      {item.title}
                    </div>
                    {item.detail ? <div style={{ color: '#595959' }}>{item.detail}</div> : null}
                    <Flex gap={12} wrap style={{ marginTop: 4 }}>
                      <time dateTime={item.createdAt} style={{ color: '#595959' }}>
                        {formatDateTime(item.createdAt)}
                      </time>
                      <ItemLink item={item} basePath={descriptor.basePath} />
                    </Flex>
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
