import { DeleteOutlined, FileOutlined, FolderOutlined, UndoOutlined } from '@ant-design/icons';
import type { StaffSite, TrashItem } from '@portico/contracts';
import {
  Button,
  countOf,
  describeQueryError,
  formatBytes,
  formatDateTime,
  notify,
  QueryErrorAlert,
  Skeleton,
} from '@portico/web-shell';
import { Drawer } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { RowAction, RowActions } from '../../../components/row-actions.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import {
  useGetSiteTrashQuery,
  usePurgeTrashItemMutation,
  useRestoreTrashItemMutation,
} from '../api/trash.ts';

const PAGE = 25;

const describe = (item: TrashItem) =>
  [
    item.kind === 'folder'
      ? `Folder with ${countOf(item.itemCount, 'item')}`
      : `${item.direction === 'published' ? 'Published' : 'Submitted'} file, ${formatBytes(item.size ?? 0)}`,
    `deleted ${formatDateTime(item.deletedAt)}`,
    item.deletedBy ? `by ${item.deletedBy}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A site's trash: what someone deleted (a client, staff, an unpublish), newest first; restore it where it was (or to
 * the top level when its folder is gone), or delete it for good. What nobody restores goes by itself after the
 * server's TRASH_RETENTION_DAYS.
 */
export default function SiteTrashDrawer({
  site,
  onClose,
}: {
  site: StaffSite | undefined;
  onClose: () => void;
}) {
  const { tenant, ready } = useTenant();
  const [offset, setOffset] = useState(0);
  const trash = useGetSiteTrashQuery(
    { tenant, siteId: site?.id ?? '', limit: PAGE, offset },
    { skip: !ready || !site },
  );
  const [restore, restoring] = useRestoreTrashItemMutation();
  const [purge, purging] = usePurgeTrashItemMutation();
  const records = trash.currentData?.records ?? [];
  const total = trash.currentData?.totalRecordCount ?? 0;

  const bringBack = async (item: TrashItem) => {
    try {
      const back = await restore({ id: item.id }).unwrap();
      notify.success(
        'Restored',
        back.renamed
          ? `${item.name} is back as "${back.name}": its name was taken.`
          : `${item.name} is back${back.folderId === null && item.folderId !== null ? ' at the top level: its folder is gone' : ''}.`,
      );
    } catch (error) {
      notify.error('It could not be restored', describeQueryError(error));
    }
  };

  const deleteForGood = async (item: TrashItem) => {
    try {
      await purge({ id: item.id }).unwrap();
      notify.success('Deleted for good', `${item.name} is gone.`);
    } catch (error) {
      notify.error('It could not be deleted', describeQueryError(error));
    }
  };

  return (
    <Drawer
      open={!!site}
      onClose={onClose}
      title={site ? `Trash of ${site.name}` : 'Trash'}
      size={640}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="trash-drawer"
    >
      <div className="portico-stack">
        <p style={{ margin: 0 }}>
          Files and folders deleted from this site, by its clients or the firm. Restore puts them back; after
          some days they are deleted for good by themselves.
        </p>
        {trash.error ? (
          <QueryErrorAlert
            title="The trash could not be loaded"
            error={trash.error}
            onRetry={() => void trash.refetch()}
          />
        ) : !trash.currentData ? (
          <Skeleton rows={3} label="Loading the trash…" />
        ) : records.length === 0 ? (
          <p data-testid="trash-empty">The trash is empty.</p>
        ) : (
          <ul className="portico-trash-list" aria-label="Deleted items" data-testid="trash-list">
            {records.map((item) => (
              <li key={item.id} className="portico-trash-item" data-testid="trash-item">
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <div style={{ fontWeight: 600 }}>
                    {item.kind === 'folder' ? <FolderOutlined aria-hidden /> : <FileOutlined aria-hidden />}{' '}
                    {item.name}
                  </div>
                  <div style={{ color: '#595959', fontSize: 13 }}>{describe(item)}</div>
                </div>
                <RowActions>
                  <RowAction
                    label={`Restore ${item.name}`}
                    icon={<UndoOutlined aria-hidden />}
                    loading={restoring.isLoading && restoring.originalArgs?.id === item.id}
                    onClick={() => bringBack(item)}
                  >
                    Restore
                  </RowAction>
                  <ConfirmButton
                    action="Delete permanently"
                    subject={item.name}
                    consequence={
                      item.kind === 'folder'
                        ? 'The folder and everything that went to the trash with it are deleted for good.'
                        : 'It is deleted for good; this cannot be undone.'
                    }
                    onConfirm={() => deleteForGood(item)}
                    loading={purging.isLoading && purging.originalArgs?.id === item.id}
                    icon={<DeleteOutlined aria-hidden />}
                  />
                </RowActions>
              </li>
            ))}
          </ul>
        )}
        {total > PAGE ? (
          <div className="portico-row" style={{ justifyContent: 'space-between' }}>
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Newer
            </Button>
            <span>
              {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
            </span>
            <Button disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
              Older
            </Button>
          </div>
        ) : null}
      </div>
    </Drawer>
  );
}
