import { type PublishFilesBody, STAFF_AUDIT_ACTIONS, type StaffPublishedFile } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import { fileNotFound } from './file-access.ts';
import { type FileMailSettings, notifyFilesPublished } from './file-notifications.ts';
import { checkUploadChoices, createFilesFromUploads } from './files-from-uploads.ts';
import { markUnpublished } from './publish.staff.repository.ts';
import { commonRecord } from './site-file-lists.ts';

/** Status of a published file, as the demo seed writes it; submitted files carry the review status instead. */
const PUBLISHED_STATUS = 'published';

/**
 * Turns the caller's pending uploads to a site into Published Files, in the caller's tenant transaction (the
 * route's, which records the answer under its idempotency key): every reference or none. A reference that is not
 * the caller's, not pending or of another site answers 404 `uploads.not_found`. The site's clients see the files
 * (and the badge count) at their next call, and get a mail (batched: decision 34).
 */
export async function publishFiles(
  tx: Queryable,
  caller: Caller,
  body: PublishFilesBody,
  notify: FileMailSettings,
): Promise<StaffPublishedFile[]> {
  checkUploadChoices(body.files, 'published');
  const site = await findTenantSite(tx, caller, body.siteId, { lock: true });
  if (site.archived) {
    throw new AppError('sites.archived', 'The site is archived: restore it before publishing to it.');
  }
  const target = {
    siteId: site.id,
    direction: 'published',
    status: PUBLISHED_STATUS,
    auditAction: STAFF_AUDIT_ACTIONS.filePublish,
    site,
    folderId: body.folderId,
    categoryId: body.categoryId,
  } as const;
  const created = await createFilesFromUploads(tx, caller, target, body.files);
  await notifyFilesPublished(tx, caller, site, created, notify.batchSeconds);
  return created.map((row) => ({
    ...commonRecord(row),
    sha256: row.sha256,
    referenceNumber: row.reference_number,
    publishedBy: caller.user.name,
  }));
}

/**
 * Takes a published file away from the site's clients: to the site's trash (decision 48), where staff may restore
 * it until TRASH_RETENTION_DAYS; the audit log keeps naming it after that.
 */
export async function unpublishFile(db: Database, caller: Caller, fileId: string) {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await markUnpublished(tx, caller, fileId);
    if (!file) throw fileNotFound();
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: STAFF_AUDIT_ACTIONS.fileUnpublish,
        fileId: file.id,
        detail: { title: file.title, fileName: file.fileName },
      },
    ]);
  });
}
