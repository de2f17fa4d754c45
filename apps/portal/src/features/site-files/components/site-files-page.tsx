import {
  FolderBrowser,
  FollowToggles,
  fileDetailsViews,
  Skeleton,
  selectSelectedSite,
  selectTenant,
  useCurrentPersonId,
  useFolderParam,
  useShellSelector,
} from '@portico/web-shell';
import type { ReactNode } from 'react';
import { type FileDirection, PUBLISHED_FILES, type SiteFile } from '../file-directions.tsx';
import { bulkFileActions, filePanels } from '../file-workflow.tsx';
import { useFileAreaSettings } from '../hooks/use-file-area-settings.ts';
import { useSiteRecordCount } from '../hooks/use-site-record-count.ts';
import { FilesHidden } from './file-list-states.tsx';
import { SiteFilesFrame } from './site-files-frame.tsx';
import { SiteFilesTable } from './site-files-table.tsx';

/** One file page: the frame with the site's count, then (what comes before the list and) the list, if shown. */
export function SiteFilesPage<R extends SiteFile, F extends string>({
  direction,
  notice,
  before,
}: {
  direction: FileDirection<R, F>;
  /** What needs the user's attention, under the title. */
  notice?: ReactNode;
  before?: ReactNode;
}) {
  const { currentData, isFetching, error } = useSiteRecordCount();
  const settings = useFileAreaSettings();
  const siteId = useShellSelector(selectSelectedSite);
  const tenant = useShellSelector(selectTenant) ?? '';
  // The caller's user id in this firm: their own files offer publishing and taking back (decision 60).
  const myId = useCurrentPersonId();
  const folderId = useFolderParam();
  // With the site's folders on, the page is one folder at a time (decision 47); off, today's flat list.
  const folders = settings.portalFilesView && settings.fileAreaFolderStructure;
  return (
    <SiteFilesFrame
      title={direction.title}
      icon={direction.icon}
      count={currentData && direction.count(currentData)}
      countLabel={direction.countLabel}
      loading={isFetching}
      error={error}
      notice={notice}
    >
      {!settings.known ? (
        <Skeleton rows={4} label="Loading the site's settings…" />
      ) : (
        <>
          {before}
          {folders && siteId ? <FolderBrowser siteId={siteId} folderId={folderId} canCreate /> : null}
          {settings.portalFilesView && settings.fileAreaManageEmailSubscription && siteId ? (
            <FollowToggles siteId={siteId} folderId={folders ? folderId : null} />
          ) : null}
          {settings.portalFilesView ? (
            <SiteFilesTable
              direction={direction}
              canDownload={settings.internalFilesDownload}
              canPreview={settings.internalFilesView}
              folderId={folders ? folderId : undefined}
              actions={{
                rename: settings.internalFilesRename,
                // Without folders there is nowhere to move a file to.
                move: settings.internalFilesMove && settings.fileAreaFolderStructure,
                copy: settings.internalFilesCopy,
                delete: settings.internalFilesDelete,
              }}
              canCheckout={settings.internalFilesCheckinCheckout}
              detailViews={fileDetailsViews(settings)}
              canEmail={settings.internalFilesEmail && settings.internalFilesDownload}
              canUpdate={settings.internalFilesUpdate}
              canViewVersions={settings.internalFilesViewVersionHistory}
              panels={filePanels<R>(direction.kind, settings, myId ? { id: myId } : null)}
              bulkActions={(fileIds, onDone) =>
                bulkFileActions(direction.kind, settings, { tenant, siteId: siteId ?? '', fileIds, onDone })
              }
            />
          ) : (
            <FilesHidden />
          )}
        </>
      )}
    </SiteFilesFrame>
  );
}

/**
 * `/publishedFiles` (SPEC §2): the documents the firm published to the selected site. Exported from this module so
 * that the page is one chunk with what it draws (the portal's first screen, decision 40).
 */
export function PublishedFilesPage() {
  return <SiteFilesPage direction={PUBLISHED_FILES} />;
}
