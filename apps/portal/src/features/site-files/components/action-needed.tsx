import { Notice, selectSelectedSite, selectTenant, useShellSelector } from '@portico/web-shell';
import { useGetSubmittedFilesQuery } from '../api/get-site-files.ts';

/** How many rejected files the notice names; the list below has them all (its status column says which). */
const SHOWN = 3;

/**
 * What needs the client's attention, at the top of Submitted Files rather than somewhere down the list: the
 * files the firm rejected, newest first, each with the firm's note (issue 19). Nothing when none is rejected,
 * and nothing while loading or on an error (the list below reports its own). What to do next follows the site's
 * upload setting: with uploads off there is no uploader below to point at.
 */
export function ActionNeeded({ canUpload }: { canUpload: boolean }) {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const { currentData } = useGetSubmittedFilesQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '', status: ['rejected'], limit: SHOWN },
    { skip: !tenant || !siteId },
  );
  const total = currentData?.totalRecordCount ?? 0;
  if (!currentData || total === 0) return null;
  const more = total - currentData.records.length;
  return (
    <Notice
      tone="warning"
      role="status"
      data-testid="action-needed"
      title={`Action needed: the firm returned ${total === 1 ? 'a file' : `${total} files`} to you`}
    >
      <ul style={{ margin: '4px 0 8px', paddingInlineStart: 20 }}>
        {currentData.records.map((file) => (
          <li key={file.id}>
            <strong>{file.title}</strong>
            {file.statusNote ? <> — {file.statusNote}</> : null}
          </li>
        ))}
        {more > 0 ? <li>and {more} more, marked Rejected in the list below</li> : null}
      </ul>
      {canUpload
        ? 'Upload a corrected file below; the firm sees it as a new submission.'
        : 'Uploads are turned off for this site: ask the firm how to send a corrected file.'}
    </Notice>
  );
}
