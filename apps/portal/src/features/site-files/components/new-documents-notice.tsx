import { Notice, selectSelectedSite, selectTenant, useShellSelector } from '@portico/web-shell';
import { Link } from 'react-router';
import { useGetNewPublishedFileCountQuery } from '../api/get-site-files.ts';
import { useFileAreaSettings } from '../hooks/use-file-area-settings.ts';

/**
 * The landing page's "N new documents" notice: published files of the selected site the client has not opened
 * yet, linking to Published Files. Nothing shows while there are none, or where the site hides its files.
 */
export function NewDocumentsNotice() {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const settings = useFileAreaSettings();
  const count = useGetNewPublishedFileCountQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '' },
    { skip: !tenant || !siteId || !settings.portalFilesView, refetchOnMountOrArgChange: true },
  ).currentData?.count;
  if (!count || !settings.portalFilesView) return null;
  return (
    <Notice
      tone="info"
      data-testid="new-documents-notice"
      title={
        <span>
          {count === 1 ? '1 new document' : `${count} new documents`}{' '}
          {/* Dark enough to stay above 4.5:1 even under a drawer's mask. */}
          <Link
            to="/publishedFiles"
            style={{ color: '#0b2a45', fontWeight: 600, textDecoration: 'underline' }}
          >
            in Published Files
          </Link>
        </span>
      }
    />
  );
}
