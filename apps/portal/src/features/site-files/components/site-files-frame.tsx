import { describeQueryError, useSelectedSite } from '@portico/web-shell';
import { Alert, Card, Flex, Grid, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface SiteFilesFrameProps {
  title: string;
  icon: ReactNode;
  /** How many files of this kind the site holds; undefined while loading. */
  count: number | undefined;
  countLabel: string;
  loading: boolean;
  /** Why the record count could not be read. */
  error?: unknown;
  /** What needs the user's attention, right under the title (rejected submissions). */
  notice?: ReactNode;
  children: ReactNode;
}

/** The frame both file pages share: the title, the selected site with its record count, then the page's content. */
export function SiteFilesFrame({
  title,
  icon,
  count,
  countLabel,
  loading,
  error,
  notice,
  children,
}: SiteFilesFrameProps) {
  const { site } = useSelectedSite();
  // On a phone the site and its count take one short card, so the list starts within the first screen.
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Flex vertical gap={24}>
      <Flex align="center" gap={12} wrap>
        <span aria-hidden style={{ fontSize: 24, display: 'inline-flex' }}>
          {icon}
        </span>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {notice}
      {phone ? (
        <Card size="small" styles={{ body: { padding: '8px 12px' } }}>
          <Flex justify="space-between" align="baseline" gap={8} wrap>
            <span>
              <span style={{ fontWeight: 600 }} data-testid="selected-site-name">
                {site?.name ?? <Skeleton.Input active size="small" />}
              </span>
              {site?.reference ? (
                <Typography.Text style={{ color: '#595959' }}> · {site.reference}</Typography.Text>
              ) : null}
            </span>
            <span data-testid="record-count" style={{ color: '#595959' }}>
              {countLabel}: <strong style={{ color: 'inherit' }}>{count ?? '…'}</strong>
            </span>
          </Flex>
        </Card>
      ) : (
        <Card size="small" styles={{ body: { padding: 16 } }}>
          <Flex gap={32} wrap align="center">
            <div style={{ minWidth: 200 }}>
              <Typography.Text type="secondary" style={{ color: '#595959' }}>
                Site
              </Typography.Text>
              <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="selected-site-name">
                {site?.name ?? <Skeleton.Input active size="small" />}
              </div>
              {site?.reference ? (
                <Typography.Text style={{ color: '#595959' }}>Reference {site.reference}</Typography.Text>
              ) : null}
            </div>
            <Statistic
              title={<span style={{ color: '#595959' }}>{countLabel}</span>}
              value={count ?? 0}
              loading={loading && count === undefined}
              data-testid="record-count"
            />
          </Flex>
        </Card>
      )}
      {error ? (
        <Alert
          type="warning"
          showIcon
          title="The file count could not be loaded"
          description={describeQueryError(error)}
        />
      ) : null}
      {children}
    </Flex>
  );
}
