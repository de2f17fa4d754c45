import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  FILE_PREVIEW_AUDIT_ACTION,
  type FileSortField,
  type PublishedFile,
  type SubmittedFile,
  type SubmittedFileSortField,
} from '@portico/contracts';
import {
  classificationRecord,
  fileStatusNameSql,
  publishedClassificationRecord,
} from './file-classification.ts';
import type { SortColumns } from './file-list-sql.ts';
import type { SiteFileList, SiteFileRow } from './site-files.repository.ts';

/** What the Published and the Submitted Files lists do differently; the rest is `listSiteFiles`. */

const FILE_SORT_COLUMNS: SortColumns<FileSortField> = {
  title: (t) => `lower(${t}.title)`,
  fileName: (t) => `lower(${t}.file_name)`,
  size: (t) => `${t}.size`,
  createdAt: (t) => `${t}.created_at`,
  // The category's name (one index probe per row); files without one last either way (NULLS_LAST_SORTS).
  category: (t) =>
    `(SELECT lower(c.name) FROM categories c WHERE c.tenant_code = ${t}.tenant_code AND c.id = ${t}.category_id)`,
};

/** Both engines hand timestamps over as Dates; a string would be one a test or a caller built. */
export const isoDate = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** What every file record says of its row, whichever list it is in. */
export const commonRecord = (row: SiteFileRow) => ({
  id: row.id,
  siteId: row.site_id,
  title: row.title,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  createdAt: isoDate(row.created_at),
  ...(row.not_scanned ? { notScanned: true as const } : {}),
  folderId: row.folder_id,
  version: row.version,
  checkedOutBy: checkedOutBy(row),
  ...classificationRecord(row),
});

/** A check-out past its end is over, whether or not the release job has come round yet. */
export function checkedOutBy(
  row: Pick<SiteFileRow, 'checked_out_by' | 'checked_out_until' | 'checked_out_name'>,
) {
  if (!row.checked_out_by || !row.checked_out_until) return null;
  const until = new Date(row.checked_out_until);
  if (until.getTime() <= Date.now()) return null;
  return { name: row.checked_out_name ?? 'Someone', userId: row.checked_out_by, until: until.toISOString() };
}

export const PUBLISHED_FILES: SiteFileList<
  FileSortField,
  SiteFileRow & {
    is_new: boolean;
    file_status: string | null;
    file_status_name: string | null;
    status_note: string | null;
  },
  PublishedFile
> = {
  direction: 'published',
  columns: ', f.file_status, f.status_note',
  searchColumns: ['f.title', 'f.file_name'],
  sortColumns: FILE_SORT_COLUMNS,
  // New until the caller downloads or previews it: one look-up per row of the page.
  pageColumns: (caller, param) => ({
    select: `NOT EXISTS (SELECT 1 FROM audit_events a
                         WHERE a.tenant_code = $1 AND a.file_id = p.id AND a.user_id = ${param(caller.user.id)}
                           AND a.action IN (${param(FILE_DOWNLOAD_AUDIT_ACTION)}, ${param(FILE_PREVIEW_AUDIT_ACTION)}))
             AS is_new,
             ${fileStatusNameSql('p', '$1')}`,
    join: '',
  }),
  listAction: 'publishedFiles.list',
  toRecord: (row) => ({ ...commonRecord(row), isNew: row.is_new, ...publishedClassificationRecord(row) }),
};

/** What a submitted file adds to the common columns, over `files f`. */
export const SUBMITTED_COLUMNS =
  ', f.sha256, f.reference_number, f.status, f.status_note, f.created_by, f.request_item_id';

export interface SubmittedFileRow extends SiteFileRow {
  sha256: string;
  reference_number: string;
  status: string;
  status_note: string | null;
  request_item_id: string | null;
  created_by: string | null;
  submitted_by: string | null;
}

export const SUBMITTED_FILES: SiteFileList<SubmittedFileSortField, SubmittedFileRow, SubmittedFile> = {
  direction: 'submitted',
  columns: SUBMITTED_COLUMNS,
  searchColumns: ['f.title', 'f.file_name', 'f.reference_number'],
  sortColumns: {
    ...FILE_SORT_COLUMNS,
    status: (t) => `${t}.status`,
    referenceNumber: (t) => `${t}.reference_number`,
  },
  // Who, as this firm knows them (migration 0007); `$1` is the tenant.
  pageColumns: () => ({
    select: 'u.name AS submitted_by',
    join: 'LEFT JOIN tenant_people u ON u.tenant_code = $1 AND u.user_id = p.created_by',
  }),
  listAction: 'submittedFiles.list',
  toRecord: (row) => ({
    ...commonRecord(row),
    sha256: row.sha256,
    referenceNumber: row.reference_number,
    status: row.status,
    statusNote: row.status_note,
    submittedBy: row.submitted_by,
    submittedById: row.created_by,
    requestItemId: row.request_item_id,
  }),
};
