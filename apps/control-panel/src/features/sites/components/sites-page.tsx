import { PlusOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { LIMITS, type StaffSite } from '@portico/contracts';
import { describeQueryError, formatDate, notify, QueryErrorAlert } from '@portico/web-shell';
import { Button, Empty, Flex, Grid, Input, Popconfirm, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useGetStaffSitesQuery } from '../../../api/staff-sites.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-value.ts';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { countOf } from '../../../lib/format.ts';
import { useUpdateSiteMutation } from '../api/sites.ts';
import { SiteFormModal } from './site-form-modal.tsx';
import { SiteMembersDrawer } from './site-members-drawer.tsx';

const PAGE_SIZE = LIMITS.siteListPageSize;

/** `/sites`: the firm's sites, searched and paged, with their counts; create, rename, archive, members. */
export default function SitesPage() {
  const { tenant, ready } = useTenant();
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedSearch(search.trim());
  const sites = useGetStaffSitesQuery(
    {
      tenant,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      includeArchived,
      ...(debounced ? { search: debounced } : {}),
    },
    { skip: !ready },
  );
  const [updateSite, updating] = useUpdateSiteMutation();
  const [editing, setEditing] = useState<{ site?: StaffSite } | null>(null);
  const [membersOf, setMembersOf] = useState<StaffSite | undefined>();

  const setArchived = async (site: StaffSite, archived: boolean) => {
    try {
      await updateSite({ siteId: site.id, body: { archived } }).unwrap();
      notify.success(
        archived ? 'Site archived' : 'Site restored',
        archived
          ? `${site.name} is hidden from its clients.`
          : `${site.name} is visible to its clients again.`,
      );
    } catch (error) {
      notify.error('The site could not be changed', describeQueryError(error));
    }
  };

  const actionsOf = (site: StaffSite) => (
    <Flex gap={4} wrap>
      <Button size="small" onClick={() => setMembersOf(site)} aria-label={`Members of ${site.name}`}>
        Members
      </Button>
      <Button size="small" onClick={() => setEditing({ site })} aria-label={`Rename ${site.name}`}>
        Rename
      </Button>
      {site.archived ? (
        <Button
          size="small"
          onClick={() => setArchived(site, false)}
          loading={updating.isLoading && updating.originalArgs?.siteId === site.id}
          aria-label={`Restore ${site.name}`}
        >
          Restore
        </Button>
      ) : (
        <Popconfirm
          title={`Archive ${site.name}?`}
          description="Its clients lose it at once; you can restore it later."
          okText="Archive"
          okButtonProps={{ danger: true }}
          onConfirm={() => setArchived(site, true)}
        >
          <Button
            size="small"
            danger
            loading={updating.isLoading && updating.originalArgs?.siteId === site.id}
            aria-label={`Archive ${site.name}`}
          >
            Archive
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );

  return (
    <Flex vertical gap={24}>
      <PageHeader
        title="Sites"
        icon={<ShopOutlined />}
        description="Each site is a client engagement: its members see the files published to it."
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
            New site
          </Button>
        }
      />
      <Flex gap={16} wrap align="center">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by name or reference"
          aria-label="Search sites"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 360 }}
        />
        <Flex align="center" gap={8}>
          <Switch
            id="include-archived"
            checked={includeArchived}
            onChange={(checked) => {
              setIncludeArchived(checked);
              setPage(1);
            }}
          />
          <label htmlFor="include-archived">Show archived sites</label>
        </Flex>
      </Flex>
      {sites.error ? (
        <QueryErrorAlert
          title="The sites could not be loaded"
          error={sites.error}
          onRetry={() => void sites.refetch()}
        />
      ) : (
        <Table<StaffSite>
          rowKey="id"
          loading={sites.isFetching}
          dataSource={sites.currentData?.records ?? []}
          data-testid="sites-table"
          locale={{
            emptyText: (
              <Empty description={debounced ? 'No site matches the search.' : 'The firm has no sites yet.'} />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: sites.currentData?.totalRecordCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => countOf(total, 'site'),
            onChange: setPage,
          }}
          columns={[
            {
              title: 'Site',
              dataIndex: 'name',
              render: (name: string, site) => (
                <Flex vertical gap={2}>
                  <Typography.Text strong>{name}</Typography.Text>
                  <Typography.Text style={{ color: '#595959' }}>
                    {site.reference ?? 'No reference'}
                  </Typography.Text>
                  {screens.md ? null : (
                    <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
                      {countOf(site.memberCount, 'member')} · {site.publishedFileCount} published ·{' '}
                      {site.submittedFileCount} submitted
                    </Typography.Text>
                  )}
                  {screens.md ? null : actionsOf(site)}
                  {site.archived ? (
                    <span>
                      <ToneTag tone="warning">
                        Archived {site.archivedAt ? formatDate(site.archivedAt) : ''}
                      </ToneTag>
                    </span>
                  ) : null}
                </Flex>
              ),
            },
            { title: 'Members', dataIndex: 'memberCount', align: 'right', responsive: ['md'] },
            { title: 'Published', dataIndex: 'publishedFileCount', align: 'right', responsive: ['md'] },
            { title: 'Submitted', dataIndex: 'submittedFileCount', align: 'right', responsive: ['md'] },
            {
              title: 'Created',
              dataIndex: 'createdAt',
              responsive: ['xl'],
              render: (iso: string) => formatDate(iso),
            },
            {
              title: 'Actions',
              key: 'actions',
              responsive: ['md'],
              render: (_value, site) => actionsOf(site),
            },
          ]}
        />
      )}
      <SiteFormModal open={!!editing} site={editing?.site} onClose={() => setEditing(null)} />
      <SiteMembersDrawer site={membersOf} onClose={() => setMembersOf(undefined)} />
    </Flex>
  );
}
