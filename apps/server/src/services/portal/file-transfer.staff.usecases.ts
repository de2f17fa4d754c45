import { FILE_DOWNLOAD_AUDIT_ACTION } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantScope } from '../../auth/current-user.ts';
import { staffScopeOf } from '../../auth/require-staff.ts';
import type { Queryable } from '../../db/database.ts';
import { recordAuditEvents } from '../../files/audit.ts';
import { countsAsDownload, type DownloadHeaders, planDownload, sendDownload } from '../../files/download.ts';
import { type FileDirection, fileNotFound, type StoredFile } from '../../files/file-access.ts';
import type { FileTransferDeps } from '../../files/file-transfer.ts';
import { sendZip } from '../../files/zip.ts';

/**
 * Downloads and zips for the firm's staff. The client routes (files/file-transfer.ts) apply the site's
 * `internalFilesDownload` to everyone and see only sites that are not archived; staff must be able to take any
 * file of their firm, including from a site whose clients may not download or that is archived. So only the
 * lookup differs: the HTTP behaviour (ETag, Range, attachment headers, streamed zip) and the audit events are
 * the shared ones.
 */

interface StoredFileRow {
  id: string;
  site_id: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  blob_key: string;
  created_at: Date | string;
}

/**
 * Live files of `direction` in the caller's tenant, in the order asked; any id that is not one (another
 * tenant's, deleted, missing) fails the whole request with `files.not_found`. `ids` must be distinct.
 */
export async function findTenantFiles(
  tx: Queryable,
  scope: TenantScope,
  direction: FileDirection,
  ids: readonly string[],
): Promise<StoredFile[]> {
  const { rows } = await tx.query<StoredFileRow>(
    `SELECT id, site_id, file_name, content_type, size, sha256, blob_key, created_at
     FROM files
     WHERE tenant_code = $1 AND direction = $2 AND deleted_at IS NULL AND id = ANY($3::uuid[])`,
    [scope.tenantCode, direction, ids],
  );
  if (rows.length !== ids.length) throw fileNotFound();
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        siteId: r.site_id,
        fileName: r.file_name,
        contentType: r.content_type,
        size: Number(r.size),
        sha256: r.sha256,
        blobKey: r.blob_key,
        createdAt: new Date(r.created_at),
      },
    ]),
  );
  return ids.map((id) => byId.get(id)!);
}

const downloadEvent = (scope: TenantScope, file: StoredFile, detail: Record<string, unknown>) => ({
  tenantCode: scope.tenantCode,
  siteId: file.siteId,
  userId: scope.user.id,
  action: FILE_DOWNLOAD_AUDIT_ACTION,
  fileId: file.id,
  detail: { fileName: file.fileName, size: file.size, staff: true, ...detail },
});

/** One file with ETag, Range and HEAD; a download that sends bytes from the start is audited. */
export async function serveStaffDownload(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  direction: FileDirection,
  fileId: string,
) {
  const scope = staffScopeOf(request);
  const head = request.method === 'HEAD';
  const { file, plan } = await db.withTenant(scope.tenantCode, async (tx) => {
    const [file] = await findTenantFiles(tx, scope, direction, [fileId.toLowerCase()]);
    const plan = planDownload(request.headers as DownloadHeaders, file!);
    if (!head && countsAsDownload(plan)) {
      const range = plan.kind === 'partial' ? { range: { start: plan.start, end: plan.end } } : {};
      await recordAuditEvents(tx, [downloadEvent(scope, file!, { via: 'download', ...range })]);
    }
    return { file: file!, plan };
  });
  return sendDownload(reply, blobs, file, plan, head);
}

/** Several files as one zip named `{title} {YYYY-MM-DD}.zip`, every id checked before the first byte. */
export async function serveStaffZip(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  direction: FileDirection,
  fileIds: readonly string[],
  title: string,
) {
  const scope = staffScopeOf(request);
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const zipName = `${title} ${new Date().toISOString().slice(0, 10)}.zip`;
  const files = await db.withTenant(scope.tenantCode, async (tx) => {
    const files = await findTenantFiles(tx, scope, direction, ids);
    await recordAuditEvents(
      tx,
      files.map((file) => downloadEvent(scope, file, { via: 'zip', zipName })),
    );
    return files;
  });
  return sendZip(reply, blobs, files, zipName);
}
