import { type PublishFilesBody, STAFF_AUDIT_ACTIONS, type StaffPublishedFile } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import { uploadsNotFound } from '../uploads/uploads.errors.ts';
import { lockPendingUploads, markUploadsSaved } from '../uploads/uploads.repository.ts';
import { fileNotFound } from './file-access.ts';
import { insertPublishedFiles, markUnpublished } from './publish.staff.repository.ts';

/**
 * Turns the caller's pending uploads to a site into Published Files, in one transaction: every reference or
 * none. A reference that is not the caller's, not pending or of another site answers 404 `uploads.not_found`.
 * The site's clients see the files (and the badge count) at their next call.
 */
export async function publishFiles(
  db: Database,
  scope: TenantScope,
  body: PublishFilesBody,
): Promise<StaffPublishedFile[]> {
  const references = body.files.map((f) => f.referenceNumber);
  if (new Set(references).size !== references.length) {
    throw new AppError('request.invalid', 'Each reference number may be published once per request.');
  }
  if (body.files.some((f) => f.title !== undefined && !f.title.trim())) {
    throw new AppError('request.invalid', 'A title may not be blank; leave it out to use the file name.');
  }
  return db.withTenant(scope.tenantCode, async (tx) => {
    const site = await findTenantSite(tx, scope, body.siteId, { lock: true });
    if (site.archived) {
      throw new AppError('sites.archived', 'The site is archived: restore it before publishing to it.');
    }
    const pending = await lockPendingUploads(tx, scope, site.id, references);
    if (pending.length !== references.length) throw uploadsNotFound();
    const byReference = new Map(pending.map((u) => [u.referenceNumber, u]));
    const files = body.files.map((f) => {
      const upload = byReference.get(f.referenceNumber)!;
      return { upload, title: f.title?.trim() ?? upload.fileName };
    });
    const published = await insertPublishedFiles(tx, scope, site.id, files);
    await markUploadsSaved(
      tx,
      published.map((p) => ({ uploadId: byReference.get(p.referenceNumber)!.id, fileId: p.id })),
    );
    await recordAuditEvents(
      tx,
      published.map((p) => ({
        tenantCode: scope.tenantCode,
        siteId: site.id,
        userId: scope.user.id,
        action: STAFF_AUDIT_ACTIONS.filePublish,
        fileId: p.id,
        detail: { referenceNumber: p.referenceNumber, title: p.title, fileName: p.fileName, size: p.size },
      })),
    );
    return published;
  });
}

/**
 * Takes a published file away from the site's clients. The row and the blob stay (soft delete), so the audit
 * log keeps naming the file and an unpublish can be investigated later.
 */
export async function unpublishFile(db: Database, scope: TenantScope, fileId: string) {
  await db.withTenant(scope.tenantCode, async (tx) => {
    const file = await markUnpublished(tx, scope, fileId);
    if (!file) throw fileNotFound();
    await recordAuditEvents(tx, [
      {
        tenantCode: scope.tenantCode,
        siteId: file.siteId,
        userId: scope.user.id,
        action: STAFF_AUDIT_ACTIONS.fileUnpublish,
        fileId: file.id,
        detail: { title: file.title, fileName: file.fileName },
      },
    ]);
  });
}
