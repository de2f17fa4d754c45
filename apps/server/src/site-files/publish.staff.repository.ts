import type { StaffPublishedFile } from '@portico/contracts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import type { PendingUpload } from '../uploads/uploads.repository.ts';

interface PublishedRow {
  id: string;
  site_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  reference_number: string;
  created_at: Date | string;
}

/** Status of a published file, as the demo seed writes it; submitted files carry the review status instead. */
const PUBLISHED_STATUS = 'published';

/**
 * Inserts published files for locked uploads, keeping each upload's blob (same key: publishing copies no
 * bytes). Answers them in the order given.
 */
export async function insertPublishedFiles(
  tx: Queryable,
  scope: TenantScope,
  siteId: string,
  files: readonly { upload: PendingUpload; title: string }[],
): Promise<StaffPublishedFile[]> {
  const { rows } = await tx.query<PublishedRow>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                        reference_number, status, created_by)
     SELECT $1, $2, 'published', title, file_name, content_type, size, sha256, blob_key, reference_number, $3, $4
     FROM jsonb_to_recordset($5::jsonb) AS s(title text, file_name text, content_type text, size bigint,
                                             sha256 text, blob_key text, reference_number text)
     RETURNING id, site_id, title, file_name, content_type, size, sha256, reference_number, created_at`,
    [
      scope.tenantCode,
      siteId,
      PUBLISHED_STATUS,
      scope.user.id,
      JSON.stringify(
        files.map(({ upload, title }) => ({
          title,
          file_name: upload.fileName,
          content_type: upload.contentType,
          size: upload.size,
          sha256: upload.sha256,
          blob_key: upload.blobKey,
          reference_number: upload.referenceNumber,
        })),
      ),
    ],
  );
  const byReference = new Map(rows.map((r) => [r.reference_number, r]));
  return files.map(({ upload }) => {
    const row = byReference.get(upload.referenceNumber)!;
    return {
      id: row.id,
      siteId: row.site_id,
      title: row.title,
      fileName: row.file_name,
      contentType: row.content_type,
      size: Number(row.size),
      sha256: row.sha256,
      referenceNumber: row.reference_number,
      publishedBy: scope.user.name,
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
}

/** Soft-deletes a live published file of the tenant; answers what it was, or undefined if there is none. */
export async function markUnpublished(
  tx: Queryable,
  scope: TenantScope,
  fileId: string,
): Promise<{ id: string; siteId: string; title: string; fileName: string } | undefined> {
  const { rows } = await tx.query<{ id: string; site_id: string; title: string; file_name: string }>(
    `UPDATE files SET deleted_at = now()
     WHERE tenant_code = $1 AND id = $2 AND direction = 'published' AND deleted_at IS NULL
     RETURNING id, site_id, title, file_name`,
    [scope.tenantCode, fileId],
  );
  const row = rows[0];
  return row && { id: row.id, siteId: row.site_id, title: row.title, fileName: row.file_name };
}
