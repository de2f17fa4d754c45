import { FILE_AUDIT_ACTIONS, type SaveSubmittedFilesBody, type SubmittedFile } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { assertClientAllowed } from '../sites/site-access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import { uploadsNotFound } from '../uploads/uploads.errors.ts';
import { lockPendingUploads, markUploadsSaved } from '../uploads/uploads.repository.ts';
import { SUBMITTED_COLUMNS, SUBMITTED_FILES, type SubmittedFileRow } from './site-file-lists.ts';
import { BASE_COLUMNS } from './site-files.repository.ts';

/**
 * Turns the caller's pending uploads to a site into Submitted Files, in one transaction: every reference or
 * none. A reference that is not the caller's, not pending or of another site answers 404 and saves nothing.
 * The blob moves with the row (same key), so saving copies no bytes. Needs the site's `internalFilesUpload`.
 */
export async function saveSubmittedFiles(
  db: Database,
  scope: TenantScope,
  body: SaveSubmittedFilesBody,
): Promise<SubmittedFile[]> {
  const references = body.files.map((f) => f.referenceNumber);
  if (new Set(references).size !== references.length) {
    throw new AppError('request.invalid', 'Each reference number may be saved once per request.');
  }
  for (const file of body.files) {
    if (file.title !== undefined && !file.title.trim()) {
      throw new AppError('request.invalid', 'A title may not be blank; leave it out to use the file name.');
    }
  }
  return db.withTenant(scope.tenantCode, async (tx) => {
    const site = await findVisibleSite(tx, scope, body.siteId);
    assertClientAllowed(
      scope,
      site,
      'internalFilesUpload',
      'Uploads are turned off for this site (internalFilesUpload).',
    );
    const pending = await lockPendingUploads(tx, scope, site.id, references);
    if (pending.length !== references.length) throw uploadsNotFound();
    const byReference = new Map(pending.map((u) => [u.referenceNumber, u]));
    const rows = body.files.map((file) => {
      const upload = byReference.get(file.referenceNumber)!;
      return {
        title: file.title?.trim() ?? upload.fileName,
        file_name: upload.fileName,
        content_type: upload.contentType,
        size: upload.size,
        sha256: upload.sha256,
        blob_key: upload.blobKey,
        reference_number: upload.referenceNumber,
      };
    });
    const { rows: created } = await tx.query<SubmittedFileRow>(
      `WITH created AS (
         INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                            reference_number, status, created_by)
         SELECT $1, $2, 'submitted', title, file_name, content_type, size, sha256, blob_key, reference_number,
                'received', $3
         FROM jsonb_to_recordset($4::jsonb) AS s(title text, file_name text, content_type text, size bigint,
                                                 sha256 text, blob_key text, reference_number text)
         RETURNING *)
       SELECT ${BASE_COLUMNS}${SUBMITTED_COLUMNS}, $5::text AS submitted_by FROM created f`,
      [scope.tenantCode, site.id, scope.user.id, JSON.stringify(rows), scope.user.name],
    );
    const byReferenceCreated = new Map(created.map((r) => [r.reference_number, r]));
    const records = references.map((reference) => byReferenceCreated.get(reference)!);
    await markUploadsSaved(
      tx,
      records.map((r) => ({ uploadId: byReference.get(r.reference_number)!.id, fileId: r.id })),
    );
    await recordAuditEvents(
      tx,
      records.map((r) => ({
        tenantCode: scope.tenantCode,
        siteId: site.id,
        userId: scope.user.id,
        action: FILE_AUDIT_ACTIONS.submit,
        fileId: r.id,
        detail: {
          referenceNumber: r.reference_number,
          title: r.title,
          fileName: r.file_name,
          size: Number(r.size),
        },
      })),
    );
    return records.map(SUBMITTED_FILES.toRecord);
  });
}
