import { FileAddOutlined, FileDoneOutlined } from '@ant-design/icons';
import {
  type CheckedOutBy,
  FILE_SORT_FIELDS,
  type PublishedFile,
  type SiteRecordCount,
  type SortOrder,
  SUBMITTED_FILE_SORT_FIELDS,
  type SubmittedFile,
} from '@portico/contracts';
import type { ClassifiedFile } from '@portico/web-shell';
import {
  type FileDownloadTarget,
  type ListColumns,
  type ListQuery,
  type ListResult,
  type sortableColumn,
  Tag,
} from '@portico/web-shell';
import type { FilePreviewTarget } from '@portico/web-shell/preview';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetPublishedFilesQuery, useGetSubmittedFilesQuery } from './api/get-site-files.ts';
import { SubmissionStatusTag } from './components/submission-status.tsx';

type Sorting<F extends string> = (field: F, first?: SortOrder) => ReturnType<typeof sortableColumn<F>>;

/** The fields every file row has, whichever way it went: its classification (decision 54) among them. */
export interface SiteFile extends ClassifiedFile {
  id: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** The virus scanner could not scan it (over its limit) and the server lets it through (decision 43). */
  notScanned?: true | undefined;
  /** Its folder; null at the site's top level. */
  folderId: string | null;
  /** Who holds it checked out, until when (issue 26); null when nobody does. */
  checkedOutBy: CheckedOutBy;
  /** Its current version, 1 until a new one is uploaded (decision 49). */
  version: number;
}

/**
 * What tells Published Files (firm → client) from Submitted Files (client → firm): everything else, paging,
 * sorting, search, dates, selection and downloads, is the one `SiteFilesTable`.
 */
export interface FileDirection<R extends SiteFile, F extends string> {
  /** Which way the files went: what the part-2 actions (file-workflow.tsx) and the status filter go by. */
  kind: 'published' | 'submitted';
  title: string;
  icon: ReactNode;
  countLabel: string;
  count: (count: SiteRecordCount) => number;
  /** The h2 above the list, when the page has more than the list. */
  heading?: string;
  sortFields: readonly F[];
  useList: (
    arg: { tenant: string; siteId: string } & ListQuery<F>,
    options: { skip: boolean },
  ) => ListResult<R>;
  downloads: FileDownloadTarget;
  /** The viewer's `…/{id}/preview` of the same service. */
  preview: FilePreviewTarget;
  searchPlaceholder: string;
  /** What the date column and the date filter are called. */
  dateLabel: string;
  emptyText: string;
  testId: string;
  /**
   * Beside the title (the New tag), under it (the file name), and what narrow screens show under the rest (`wide`
   * from `sm` on).
   */
  titleTag?: (file: R) => ReactNode;
  subtitle?: (file: R) => ReactNode;
  narrowExtra?: (file: R, wide: boolean) => ReactNode;
  /** The columns between the title and the size. */
  columns: (sorting: Sorting<F>) => ListColumns<R>;
  /** What the row's new-version button says. */
  newVersionLabel: (file: R) => string;
}

export const PUBLISHED_FILES: FileDirection<PublishedFile, (typeof FILE_SORT_FIELDS)[number]> = {
  kind: 'published',
  title: 'Published Files',
  icon: <FileDoneOutlined />,
  countLabel: 'Published files',
  count: (count) => count.publishedFileCount,
  sortFields: FILE_SORT_FIELDS,
  useList: useGetPublishedFilesQuery,
  downloads: {
    service: 'file-management',
    ticketsUrl: 'api/files/published-files/download-tickets',
    zip: true,
    // A download ends `isNew` for this user: the list and the badge's count are read again.
    invalidates: ['PublishedFiles'],
  },
  preview: {
    service: 'file-management',
    previewUrl: (id) => `api/files/published-files/${encodeURIComponent(id)}/preview`,
    // So does opening its preview.
    invalidates: ['PublishedFiles'],
  },
  searchPlaceholder: 'Search by title or file name',
  dateLabel: 'Published',
  emptyText: 'Your firm has not published any files to this site yet. When it does, they appear here.',
  testId: 'published-files-table',
  titleTag: (file) =>
    file.isNew ? (
      <Tag tone="info" data-testid="new-tag">
        New
      </Tag>
    ) : null,
  columns: (sorting) => [
    { ...sorting('fileName'), title: 'File name', dataIndex: 'fileName', responsive: ['lg'] },
  ],
  newVersionLabel: () => 'Upload a new version',
};

const status = (file: SubmittedFile) => <SubmissionStatusTag status={file.status} note={file.statusNote} />;

export const SUBMITTED_FILES: FileDirection<SubmittedFile, (typeof SUBMITTED_FILE_SORT_FIELDS)[number]> = {
  kind: 'submitted',
  title: 'Submitted Files',
  icon: <FileAddOutlined />,
  countLabel: 'Submitted files',
  count: (count) => count.submittedFileCount,
  heading: 'Your submitted files',
  sortFields: SUBMITTED_FILE_SORT_FIELDS,
  useList: useGetSubmittedFilesQuery,
  downloads: {
    service: 'portal',
    ticketsUrl: 'api/files/submitted/download-tickets',
    zip: true,
  },
  preview: {
    service: 'portal',
    previewUrl: (id) => `api/files/submitted/${encodeURIComponent(id)}/preview`,
  },
  searchPlaceholder: 'Search by title, file name or reference',
  dateLabel: 'Submitted',
  emptyText:
    'No files have been submitted to this site yet. Files you send with the uploader above appear here once saved.',
  testId: 'submitted-files-table',
  // The file name only where it says more than the title; small, like the portal's other notes. A file sent
  // against a requested document says so, with a link to the checklist.
  subtitle: (file) =>
    file.fileName === file.title && !file.requestItemId ? null : (
      <>
        {file.fileName !== file.title ? <span style={{ fontSize: 12 }}>{file.fileName}</span> : null}
        {file.requestItemId ? (
          <Link
            to="/requestedDocuments"
            style={{ fontSize: 12, marginInlineStart: 8 }}
            data-testid="requested-link"
          >
            Sent for a request
          </Link>
        ) : null}
      </>
    ),
  narrowExtra: (file, wide) => (wide ? null : status(file)),
  columns: (sorting) => [
    {
      ...sorting('referenceNumber'),
      title: 'Reference',
      dataIndex: 'referenceNumber',
      responsive: ['xl'],
      render: (_, file) => <code className="portico-code">{file.referenceNumber}</code>,
    },
    { ...sorting('status'), title: 'Status', responsive: ['sm'], render: (_, file) => status(file) },
  ],
  // A file the firm rejected asks for a corrected one, which goes back to Received (decision 49).
  newVersionLabel: (file) =>
    file.status === 'rejected' ? 'Upload a corrected version' : 'Upload a new version',
};
