import { FILE_DOWNLOAD_AUDIT_ACTION } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import { tenantScopeOf } from '../auth/current-user.ts';
import { staffScopeOf } from '../auth/require-staff.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { countsAsDownload, type DownloadHeaders, planDownload, sendDownload } from '../transfers/download.ts';
import type { StoredFile } from '../transfers/stored-file.ts';
import { sendZip } from '../transfers/zip.ts';
import { type FileDirection, findDownloadableFiles, findLiveFiles } from './file-access.ts';

/**
 * Downloads and zips as both file services offer them (published files in file-management, submitted files in
 * the portal): the same checks, the same audit events, the same HTTP behaviour.
 */
export interface FileTransferDeps {
  db: Database;
  blobs: BlobStore;
}

/** Who is taking files out, and which files they may take. */
export interface FileLookup {
  scope: TenantScope;
  find(tx: Queryable, ids: readonly string[]): Promise<StoredFile[]>;
  /** Added to the detail of each download event. */
  auditDetail?: Record<string, unknown>;
}

/** A client, or staff through the client routes: the sites they see, under the sites' settings. */
export function clientFiles(request: FastifyRequest, direction: FileDirection): FileLookup {
  const scope = tenantScopeOf(request);
  return { scope, find: (tx, ids) => findDownloadableFiles(tx, scope, direction, ids) };
}

/** The firm's staff: any live file of their tenant, archived sites included, whatever the clients' settings. */
export function staffFiles(request: FastifyRequest, direction: FileDirection): FileLookup {
  const scope = staffScopeOf(request);
  return {
    scope,
    find: (tx, ids) => findLiveFiles(tx, scope.tenantCode, direction, ids),
    auditDetail: { staff: true },
  };
}

/** One file, by id, with ETag, Range and HEAD; a download that sends bytes from the start is audited. */
export async function serveFileDownload(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { scope, find, auditDetail }: FileLookup,
  fileId: string,
) {
  const head = request.method === 'HEAD';
  const { file, plan } = await db.withTenant(scope.tenantCode, async (tx) => {
    const [file] = await find(tx, [fileId.toLowerCase()]);
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
            ...auditDetail,
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
  reply: FastifyReply,
  { scope, find, auditDetail }: FileLookup,
  fileIds: readonly string[],
  title: string,
) {
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const zipName = `${title} ${new Date().toISOString().slice(0, 10)}.zip`;
  const files = await db.withTenant(scope.tenantCode, async (tx) => {
    const files = await find(tx, ids);
    await recordAuditEvents(
      tx,
      files.map((file) => ({
        tenantCode: scope.tenantCode,
        siteId: file.siteId,
        userId: scope.user.id,
        action: FILE_DOWNLOAD_AUDIT_ACTION,
        fileId: file.id,
        detail: { via: 'zip', zipName, fileName: file.fileName, size: file.size, ...auditDetail },
      })),
    );
    return files;
  });
  return sendZip(reply, blobs, files, zipName);
}
