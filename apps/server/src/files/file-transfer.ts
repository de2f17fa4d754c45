import { FILE_DOWNLOAD_AUDIT_ACTION } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tenantScopeOf } from '../auth/current-user.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { recordAuditEvents } from './audit.ts';
import { countsAsDownload, type DownloadHeaders, planDownload, sendDownload } from './download.ts';
import { type FileDirection, findDownloadableFiles } from './file-access.ts';
import { sendZip } from './zip.ts';

/**
 * Downloads and zips as both file services offer them (published files in file-management, submitted files in
 * the portal): the same checks, the same audit events, the same HTTP behaviour.
 */
export interface FileTransferDeps {
  db: Database;
  blobs: BlobStore;
}

/** One file, by id, with ETag, Range and HEAD; a download that sends bytes from the start is audited. */
export async function serveFileDownload(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  direction: FileDirection,
  fileId: string,
) {
  const scope = tenantScopeOf(request);
  const head = request.method === 'HEAD';
  const { file, plan } = await db.withTenant(scope.tenantCode, async (tx) => {
    const [file] = await findDownloadableFiles(tx, scope, direction, [fileId.toLowerCase()]);
    const plan = planDownload(request.headers as DownloadHeaders, file!);
    if (!head && countsAsDownload(plan)) {
      const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
      await recordAuditEvents(tx, [
        {
          tenantCode: scope.tenantCode,
          siteId: file!.siteId,
          userId: scope.user.id,
          action: FILE_DOWNLOAD_AUDIT_ACTION,
          fileId: file!.id,
          detail: {
            via: 'download',
            fileName: file!.fileName,
            size: file!.size,
            ...(range ? { range } : {}),
          },
        },
      ]);
    }
    return { file: file!, plan };
  });
  return sendDownload(reply, blobs, file, plan, head);
}

/**
 * Several files as one zip named `{title} {YYYY-MM-DD}.zip`. Every id is checked before the first byte: one
 * that the caller may not see fails the whole request with 404. One audit event per file.
 */
export async function serveFileZip(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  direction: FileDirection,
  fileIds: readonly string[],
  title: string,
) {
  const scope = tenantScopeOf(request);
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const zipName = `${title} ${new Date().toISOString().slice(0, 10)}.zip`;
  const files = await db.withTenant(scope.tenantCode, async (tx) => {
    const files = await findDownloadableFiles(tx, scope, direction, ids);
    await recordAuditEvents(
      tx,
      files.map((file) => ({
        tenantCode: scope.tenantCode,
        siteId: file.siteId,
        userId: scope.user.id,
        action: FILE_DOWNLOAD_AUDIT_ACTION,
        fileId: file.id,
        detail: { via: 'zip', zipName, fileName: file.fileName, size: file.size },
      })),
    );
    return files;
  });
  return sendZip(reply, blobs, files, zipName);
}
