import { PlusOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { LIMITS, type StaffSite } from '@portico/contracts';
import {
  AntdScope,
  actionsColumn,
  Button,
  countOf,
  dateColumn,
  describeQueryError,
  formatDate,
  ListEmpty,
  ListFilterBar,
  ListTable,
  notify,
  Switch,
  titleColumn,
  useListState,
  useOnceTrue,
} from '@portico/web-shell';
import { lazy, useState } from 'react';
import { useGetStaffSitesQuery } from '../../../api/staff-sites.ts';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ConsolePage } from '../../../components/console-page.tsx';
import { RowAction, RowActions } from '../../../components/row-actions.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useUpdateSiteMutation } from '../api/sites.ts';

// The dialogs are drawn with antd: they load (with antd's theme) when first opened, not with the list.
const SiteFormModal = lazy(() => import('./site-form-modal.tsx'));
const SiteMembersDrawer = lazy(() => import('./site-members-drawer.tsx'));
const StaffDrawer = lazy(() => import('./staff-drawer.tsx'));
const SiteTrashDrawer = lazy(() => import('./site-trash-drawer.tsx'));
const SiteProjectsDrawer = lazy(() => import('../../classification/site-projects-drawer.tsx'));

/** `/sites`: the firm's sites, searched and paged, with their counts; create, rename, archive, members. */
export default function SitesPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: LIMITS.siteListPageSize, filters: { includeArchived: false } });
  const sites = useGetStaffSitesQuery({ tenant, ...list.query, ...list.filters }, { skip: !ready });
  const [updateSite, updating] = useUpdateSiteMutation();
  const [editing, setEditing] = useState<{ site?: StaffSite } | null>(null);
  const [membersOf, setMembersOf] = useState<StaffSite | undefined>();
  const [staffOpen, setStaffOpen] = useState(false);
  const [trashOf, setTrashOf] = useState<StaffSite | undefined>();
  const trashUsed = useOnceTrue(!!trashOf);
  const [projectsOf, setProjectsOf] = useState<StaffSite | undefined>();
  const projectsUsed = useOnceTrue(!!projectsOf);
  const formUsed = useOnceTrue(!!editing);
  const membersUsed = useOnceTrue(!!membersOf);
  const staffUsed = useOnceTrue(staffOpen);

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
    <RowActions>
      <RowAction label={`Members of ${site.name}`} onClick={() => setMembersOf(site)}>
        Members
      </RowAction>
      <RowAction label={`Rename ${site.name}`} onClick={() => setEditing({ site })}>
        Rename
      </RowAction>
      <RowAction label={`Projects of ${site.name}`} onClick={() => setProjectsOf(site)}>
        Projects
      </RowAction>
      <RowAction label={`Trash of ${site.name}`} onClick={() => setTrashOf(site)}>
        Trash
      </RowAction>
      {site.archived ? (
        <RowAction
          label={`Restore ${site.name}`}
          onClick={() => setArchived(site, false)}
          loading={updating.isLoading && updating.originalArgs?.siteId === site.id}
        >
          Restore
        </RowAction>
      ) : (
        <ConfirmButton
          action="Archive"
          subject={site.name}
          consequence="Its clients lose it at once; you can restore it later."
          onConfirm={() => setArchived(site, true)}
          loading={updating.isLoading && updating.originalArgs?.siteId === site.id}
        />
      )}
    </RowActions>
  );

  return (
    <ConsolePage
      title="Sites"
      icon={<ShopOutlined />}
      description="Each site is a client engagement: its members see the files published to it."
      actions={
        <>
          <Button icon={<TeamOutlined aria-hidden />} onClick={() => setStaffOpen(true)}>
            Staff
          </Button>
          <Button variant="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
            New site
          </Button>
        </>
      }
    >
      <ListFilterBar
        list={list}
        search={{ label: 'Search sites', placeholder: 'Search by name or reference' }}
      >
        <div className="portico-row">
          <Switch
            id="include-archived"
            checked={list.filters.includeArchived}
            onChange={(checked) => list.setFilter('includeArchived', checked)}
          />
          <label htmlFor="include-archived">Show archived sites</label>
        </div>
      </ListFilterBar>
      <ListTable<StaffSite>
        list={list}
        result={sites}
        itemName="site"
        empty={
          <ListEmpty
            text="The firm has no sites yet."
            filtered={!!list.state.search && 'No site matches the search.'}
          />
        }
        columns={[
          titleColumn('Site', (site) => ({
            title: site.name,
            subtitle: site.reference ?? 'No reference',
            note: `${countOf(site.memberCount, 'member')} · ${site.publishedFileCount} published · ${site.submittedFileCount} submitted`,
            narrow: actionsOf(site),
            children: site.archived ? (
              <span>
                <ToneTag tone="warning">
                  Archived {site.archivedAt ? formatDate(site.archivedAt) : ''}
                </ToneTag>
              </span>
            ) : null,
          })),
          { title: 'Members', dataIndex: 'memberCount', align: 'right', responsive: ['md'] },
          { title: 'Published', dataIndex: 'publishedFileCount', align: 'right', responsive: ['md'] },
          { title: 'Submitted', dataIndex: 'submittedFileCount', align: 'right', responsive: ['md'] },
          dateColumn('Created', 'createdAt', ['xl']),
          actionsColumn(actionsOf),
        ]}
      />
      {formUsed ? (
        <AntdScope>
          <SiteFormModal open={!!editing} site={editing?.site} onClose={() => setEditing(null)} />
        </AntdScope>
      ) : null}
      {membersUsed ? (
        <AntdScope>
          <SiteMembersDrawer site={membersOf} onClose={() => setMembersOf(undefined)} />
        </AntdScope>
      ) : null}
      {trashUsed ? (
        <AntdScope>
          <SiteTrashDrawer site={trashOf} onClose={() => setTrashOf(undefined)} />
        </AntdScope>
      ) : null}
      {projectsUsed ? (
        <AntdScope>
          <SiteProjectsDrawer site={projectsOf} onClose={() => setProjectsOf(undefined)} />
        </AntdScope>
      ) : null}
      {staffUsed ? (
        <AntdScope>
          <StaffDrawer open={staffOpen} onClose={() => setStaffOpen(false)} />
        </AntdScope>
      ) : null}
    </ConsolePage>
  );
}
