import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscardUploadsBodySchema,
  ErrorBodySchema,
  MAX_FILES_PER_UPLOAD,
  TenantParamsSchema,
  UPLOAD_FORM_FIELDS,
  UploadFormSchema,
  type UploadResponse,
  UploadResponseSchema,
  UploadScansQuerySchema,
  UploadScansSchema,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import { findUploadScans } from '../../scanning/scans.repository.ts';
import { type BodyPace, cutOffSlowBody } from '../../uploads/body-rate-guard.ts';
import { takeUploadSlot, type UploadSlot } from '../../uploads/upload-slots.ts';
import { asUploadError, invalidUpload } from '../../uploads/uploads.errors.ts';
import type { ReceivedFile } from '../../uploads/uploads.repository.ts';
import {
  DESTINATION_FIELDS,
  deleteBlobs,
  discardUploads,
  type FileStorageDeps,
  openUploadTarget,
  receiveFile,
  recordUploads,
  type UploadDestination,
  type UploadTarget,
} from '../../uploads/uploads.usecases.ts';

/**
 * `file-storage api/files`: multipart uploads (and the HTTP side of them — the request's parts, its pace, the
 * connection), their scans and discarding them. The uploads module's use cases take plain values: where the files
 * go, each file's name, type and bytes.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<{ deps: FileStorageDeps }> = async (app, { deps }) => {
  // Registered here, so only this service parses multipart bodies; the route reads the parts as streams.
  await app.register(multipart, {
    limits: {
      // One byte over the server's limit, so the upload's own check (which also knows the tenant's) fires first.
      fileSize: deps.config.maxUploadBytes + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 4,
      fieldSize: 256,
      parts: MAX_FILES_PER_UPLOAD + 4,
      headerPairs: 16,
    },
    // The name a person gave is data; it is never used as a path, so nothing is stripped from it here.
    preservePath: true,
  });

  app.post(
    '/api/files',
    {
      schema: {
        tags: ['file-storage'],
        summary: 'Upload files to a site (multipart/form-data), pending until saved',
        description:
          `Send the \`siteId\` field first, then up to ${MAX_FILES_PER_UPLOAD} \`file\` parts. Each file is ` +
          'streamed to storage while its size and SHA-256 are computed, and answered with a reference number ' +
          'for `POST portal api/files`; references not saved are removed after UPLOAD_GRACE_SECONDS. ' +
          'A file over the size limit (MAX_UPLOAD_BYTES, or the firm’s own lower limit) is refused with 413 ' +
          '`uploads.too_large` as soon as it passes the limit; programs and scripts (by extension, declared ' +
          'type or content) with 415 `uploads.type_refused`; a malformed form with 400 `uploads.invalid`; a body ' +
          'slower than UPLOAD_MIN_BYTES_PER_SECOND over UPLOAD_RATE_WINDOW_SECONDS with 408 `uploads.too_slow`; ' +
          'one upload more than UPLOAD_MAX_CONCURRENT_PER_USER or _PER_ADDRESS allow at once with 429 ' +
          '`uploads.too_many_concurrent` and `Retry-After`, before its body is read. ' +
          'A refused or interrupted upload keeps nothing. Needs the site’s `internalFilesUpload`. ' +
          'A new version of a file: send a `fileId` field (instead of, or after, `siteId`) and one `file` part; ' +
          'the finished upload is that file’s next version with no save (its answer names `fileId` and ' +
          '`version`; it becomes current once its virus scan releases it). That needs the site’s ' +
          '`internalFilesUpdate` instead, and answers 409 `file.checked_out` for a file someone else has checked out.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        consumes: ['multipart/form-data'],
        body: { content: { 'multipart/form-data': { schema: UploadFormSchema } } },
        response: { 201: UploadResponseSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await receiveUploads(deps, request, reply);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/files/scans',
    {
      schema: {
        tags: ['file-storage'],
        summary: 'The virus scan of the caller’s own uploads',
        description:
          'For each of the caller’s uploads among `referenceNumbers` (pending or saved): `scanning` (shown as ' +
          '“Checking for viruses…”), `clean`, `infected` with the signature clamd found (the file is quarantined: ' +
          'nobody can fetch it), or `unscanned` (too large for the scanner, or scanning off); `released` says ' +
          'whether the other side may see it. References of others are left out.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: UploadScansQuerySchema,
        response: { 200: UploadScansSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const scans = await deps.db.readTenant(caller.tenantCode, (tx) =>
        findUploadScans(tx, caller, request.query.referenceNumbers),
      );
      return { scans };
    },
  );

  app.delete(
    '/api/files',
    {
      schema: {
        tags: ['file-storage'],
        summary: 'Discard uploads that were not saved',
        description:
          'Removes the caller’s pending uploads to the site, bytes and all: every reference or none. A ' +
          'reference of someone else, of another site or already saved answers 404 `uploads.not_found` and ' +
          'nothing is removed. Needs the site’s `internalFilesDelete`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: DiscardUploadsBodySchema,
        response: {
          204: Type.Null({ description: 'Discarded.' }),
          '4xx': ErrorBodySchema,
          '5xx': ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await discardUploads(deps, callerOf(request), request.body, request.log);
      return reply.code(204).send(null);
    },
  );
};

/**
 * `POST file-storage api/files`: reads the multipart body as it arrives, the siteId field first (checked before
 * any file byte is read), then each file streamed to its own new blob while it is counted and hashed. Rows are
 * written only once every file is in the blob store, in one transaction. If anything fails (a limit, a refused
 * type, a malformed form, a client that goes away or sends too slowly), the blobs of this request are deleted and
 * nothing is kept; the rest of an unread body is not read either, as the connection is closed after the answer.
 * A user or an address with too many uploads running is refused (429) before any of the body is read.
 */
export async function receiveUploads(
  deps: FileStorageDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UploadResponse> {
  const caller = callerOf(request);
  const received: ReceivedFile[] = [];
  let slot: UploadSlot | undefined;
  let pace: BodyPace | undefined;
  try {
    slot = takeUploadSlot(deps.slots, caller, request, reply);
    const parts = request.parts();
    pace = cutOffSlowBody(deps.config, request);
    let target: UploadTarget | undefined;
    const destination: UploadDestination = {};
    for await (const part of parts) {
      if (part.type === 'field') {
        const field = part.fieldname as keyof UploadDestination;
        if (!DESTINATION_FIELDS.includes(field) || destination[field] !== undefined || target) {
          throw invalidUpload(
            `Unexpected form field "${part.fieldname}": send one siteId field (and at most one folderId) or one fileId field, then the files.`,
          );
        }
        destination[field] = String(part.value);
        continue;
      }
      // The destination is checked before the first byte of the first file is read.
      target ??= await openUploadTarget(deps, caller, destination);
      if (part.fieldname !== UPLOAD_FORM_FIELDS.file) {
        throw invalidUpload(`Unexpected file field "${part.fieldname}": send each file as a "file" part.`);
      }
      if (target.fileId && received.length)
        throw invalidUpload('A new version is one file: send one file part.');
      received.push(await receiveFile(deps, caller, target, part));
    }
    pace.stop();
    if (!target) {
      throw invalidUpload(
        destination.siteId || destination.fileId ? 'The form has no file.' : 'The form has no siteId field.',
      );
    }
    const answer = await recordUploads(deps, caller, target, received);
    deps.scanning.wake();
    return answer;
  } catch (error) {
    // An answer before the body's end: stop reading the rest of it now (the form parser would otherwise drain it
    // while the clean-up runs), and close the connection after the answer.
    if (!request.raw.complete) {
      request.raw.unpipe();
      request.raw.pause();
      reply.header('connection', 'close');
    }
    await deleteBlobs(deps.blobs, received, request.log);
    // Too slow wins over what the cut-off body broke on its way out.
    throw asUploadError(pace?.tooSlow ?? error, deps.config.maxUploadBytes);
  } finally {
    pace?.stop();
    slot?.release();
  }
}
