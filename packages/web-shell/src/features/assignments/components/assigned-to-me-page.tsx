import { DownloadOutlined, EyeOutlined, FolderOpenOutlined, UserOutlined } from '@ant-design/icons';
import { type AssignedFile, LIMITS } from '@portico/contracts';
import { useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { Tag } from '../../../ui/tag.tsx';
import { useFilePreview } from '../../preview/hooks/use-file-preview.tsx';
import type { FilePreviewTarget } from '../../preview/preview-kinds.ts';
import { type FileDownloadTarget, useFileDownloads } from '../../transfers/hooks/use-file-downloads.ts';
import { useGetAssignedToMeQuery } from '../api/assignments.ts';
import '../assignments.css';

const PAGE = LIMITS.assignedToMePageSize;

/** Where a file of each direction is downloaded and previewed, in the front end's own routes. */
export type AssignedFileTargets = Record<
  AssignedFile['direction'],
  { downloads: FileDownloadTarget; preview: FilePreviewTarget }
>;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Assigned to me" (both front ends, the menu key `assignedToMe`): the caller's assigned files across their sites,
 * soonest due first, each with its site, due date and when it was assigned; download, preview, or open its site.
 */
export function AssignedToMePage({
  targets,
  onOpenSite,
}: {
  targets: AssignedFileTargets;
  /** Shows the file's site in the front end's file page. */
  onOpenSite: (file: AssignedFile) => void;
}) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const [offset, setOffset] = useState(0);
  const { currentData, error, isFetching } = useGetAssignedToMeQuery(
    { tenant, limit: PAGE, offset },
    { skip: !tenant, refetchOnMountOrArgChange: true },
  );
  const published = useFileDownloads(targets.published.downloads);
  const submitted = useFileDownloads(targets.submitted.downloads);
  const publishedPreview = useFilePreview(targets.published.preview, {
    onDownload: (file) => void published.downloadFile(file),
    isDownloading: published.isDownloading,
  });
  const submittedPreview = useFilePreview(targets.submitted.preview, {
    onDownload: (file) => void submitted.downloadFile(file),
    isDownloading: submitted.isDownloading,
  });
  const downloadsOf = (file: AssignedFile) => (file.direction === 'published' ? published : submitted);
  const previewOf = (file: AssignedFile) =>
    file.direction === 'published' ? publishedPreview : submittedPreview;

  let body: React.ReactNode;
  if (error) {
    body = (
      <Notice tone="error" title="Your assigned files could not be read" data-testid="assigned-error">
        {describeQueryError(error)}
      </Notice>
    );
  } else if (!currentData) {
    body = <Skeleton rows={4} label={isFetching ? 'Loading your assigned files…' : ''} />;
  } else if (currentData.totalRecordCount === 0) {
    body = (
      <p className="portico-details-empty" data-testid="assigned-empty">
        Nothing is assigned to you. When someone hands you a file, it appears here.
      </p>
    );
  } else {
    const total = currentData.totalRecordCount;
    body = (
      <>
        <ul className="portico-assigned-list" data-testid="assigned-list" aria-busy={isFetching}>
          {currentData.records.map((file) => {
            const downloads = downloadsOf(file);
            const preview = previewOf(file);
            const due = file.assignee?.dueDate ?? null;
            return (
              <li key={file.id} className="portico-assigned-item" data-testid="assigned-item">
                <div className="portico-assigned-item__main">
                  <strong>{file.title}</strong>{' '}
                  {due ? (
                    <Tag tone={due < today() ? 'error' : 'warning'} data-testid="assigned-due">
                      Due {due}
                    </Tag>
                  ) : null}
                  <span className="portico-assigned-item__meta">
                    {file.siteName} · {file.direction === 'published' ? 'Published' : 'Submitted'} · assigned{' '}
                    {formatDate(file.assignedAt)}
                  </span>
                </div>
                <div className="portico-assigned-item__actions">
                  <Button
                    icon={<DownloadOutlined aria-hidden />}
                    loading={downloads.isDownloading(file.id)}
                    aria-label={`Download ${file.title}`}
                    onClick={() => void downloads.downloadFile(file)}
                    data-testid="assigned-download"
                  >
                    Download
                  </Button>
                  {preview.canPreview(file) ? (
                    <Button
                      icon={<EyeOutlined aria-hidden />}
                      aria-label={`Preview ${file.title}`}
                      onClick={() => preview.open(file)}
                      data-testid="assigned-preview"
                    >
                      Preview
                    </Button>
                  ) : null}
                  <Button
                    icon={<FolderOpenOutlined aria-hidden />}
                    aria-label={`Open site ${file.siteName}`}
                    onClick={() => onOpenSite(file)}
                    data-testid="assigned-open-site"
                  >
                    Open site
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        {total > PAGE ? (
          <div className="portico-details-pager">
            <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Previous
            </Button>
            <span aria-live="polite">
              {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
            </span>
            <Button disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
              Next
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="assigned-to-me-heading" data-testid="assigned-to-me">
      {/* As PageHeading draws the others (icon as in the menu, h1), without antd in this page's chunk. */}
      <div className="portico-row" style={{ gap: 12, alignItems: 'center', marginBottom: 4 }}>
        <UserOutlined aria-hidden style={{ fontSize: 24 }} />
        <h1 id="assigned-to-me-heading" style={{ fontSize: 24, margin: 0 }}>
          Assigned to me
        </h1>
      </div>
      <p style={{ margin: '0 0 12px', color: '#595959' }}>
        {currentData && currentData.totalRecordCount > 0
          ? `${currentData.totalRecordCount} ${currentData.totalRecordCount === 1 ? 'file' : 'files'}, soonest due first.`
          : 'Files handed to you, soonest due first.'}
      </p>
      {body}
      {publishedPreview.element}
      {submittedPreview.element}
    </section>
  );
}
