import { FILE_PREVIEW_AUDIT_ACTION, isPreviewContentType } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import { AppError } from '../http/app-error.ts';
import { countsAsDownload, type DownloadHeaders, planDownload, sendDownload } from '../transfers/download.ts';
import { previewTypeOf, readFileHead } from '../transfers/preview-type.ts';
import type { FileLookup, FileTransferDeps } from './file-transfer.ts';

const previewUnsupported = () =>
  new AppError(
    'files.preview_unsupported',
    'This file cannot be previewed: only PDFs and PNG, JPEG, GIF and WebP images can. Download it instead.',
  );

/** What every preview route's documentation says first. */
export const servePreviewNote =
  'The bytes for the in-page viewer: as the download (ETag, single Range requests, `nosniff`, a sandbox ' +
  'Content-Security-Policy) but `Content-Disposition: inline`, and only for a PDF, PNG, JPEG, GIF or WebP file ' +
  'whose first bytes are one too (served as that type); any other answers 415 `files.preview_unsupported`. A ' +
  'file the caller may not see answers 404 `files.not_found`. Audited as `file.preview`, which counts as opening ' +
  'the file';

/**
 * A file's bytes for the portal's viewer: as a download (ETag, Range for pdf.js, `nosniff`, the sandbox policy,
 * no caching), but `inline`, and only for a file listed as a previewable type whose first bytes are one too; it
 * is then served as the type its bytes are, so neither the name nor the declared type decides. Opening a preview
 * counts as opening the file: an audit event `file.preview` (which ends `isNew`), written as a download's is,
 * once per read from the start.
 */
export async function serveFilePreview(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { caller, find, auditDetail }: FileLookup,
  fileId: string,
) {
  const head = request.method === 'HEAD';
  const [file] = await db.withTenant(caller.tenantCode, (tx) => find(tx, [fileId.toLowerCase()]));
  if (!isPreviewContentType(file!.contentType)) throw previewUnsupported();
  // Read outside the transaction: a blob store may be a network away.
  const contentType = previewTypeOf(await readFileHead(blobs, file!));
  if (!contentType) throw previewUnsupported();
  const plan = planDownload(request.headers as DownloadHeaders, file!);
  if (!head && countsAsDownload(plan)) {
    const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
    await db.withTenant(caller.tenantCode, (tx) =>
      recordAuditEvents(tx, [
        {
          tenantCode: caller.tenantCode,
          siteId: file!.siteId,
          userId: caller.user.id,
          action: FILE_PREVIEW_AUDIT_ACTION,
          fileId: file!.id,
          detail: {
            fileName: file!.fileName,
            contentType,
            size: file!.size,
            ...(range ? { range } : {}),
            ...auditDetail,
          },
        },
      ]),
    );
  }
  return sendDownload(reply, blobs, file!, plan, head, { disposition: 'inline', contentType });
}
