import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DiscardUploadsBodySchema,
  ErrorBodySchema,
  MAX_FILES_PER_UPLOAD,
  TenantParamsSchema,
  TUS_UPLOADS_PATH,
  TusUploadParamsSchema,
  UPLOAD_REFERENCE_HEADER,
  UploadedFileSchema,
  UploadFormSchema,
  UploadResponseSchema,
  UploadScansQuerySchema,
  UploadScansSchema,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Config } from '../../config.ts';
import { findUploadScans } from '../../scanning/scans.repository.ts';
import {
  answerTusDiscovery,
  answerTusRequest,
  createTusServer,
  readTusUpload,
  TUS_BODY_TYPE,
} from '../../uploads/tus-uploads.usecases.ts';
import { UploadSlots } from '../../uploads/upload-slots.ts';
import { discardUploads, type FileStorageDeps, receiveUploads } from '../../uploads/uploads.usecases.ts';
import { newVersionHook } from '../../versions/versions.usecases.ts';
import { urlUploadRoutes } from './url-uploads.routes.ts';

export type FileStorageOptions = Omit<FileStorageDeps, 'config' | 'slots' | 'versions'> & {
  config: FileStorageDeps['config'] &
    Pick<
      Config,
      | 'uploadMaxConcurrentPerUser'
      | 'uploadMaxConcurrentPerAddress'
      | 'urlUploadAllowHttp'
      | 'urlUploadAllowedHosts'
      | 'urlUploadTimeoutSeconds'
      | 'notifyBatchSeconds'
    >;
};

/** The file-storage service: uploads land here, pending until the portal saves them as Submitted Files. */
export const fileStorageRoutes: FastifyPluginAsyncTypebox<FileStorageOptions> = async (app, options) => {
  const deps: FileStorageDeps = {
    ...options,
    slots: new UploadSlots({
      perUser: options.config.uploadMaxConcurrentPerUser,
      perAddress: options.config.uploadMaxConcurrentPerAddress,
    }),
    // An upload that names a file (`fileId`) becomes its next version (decision 49).
    versions: newVersionHook({ batchSeconds: options.config.notifyBatchSeconds }),
  };
  await app.register(urlUploadRoutes, {
    db: deps.db,
    blobs: deps.blobs,
    scanning: deps.scanning,
    versions: deps.versions,
    config: options.config,
  });
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

  // A tus PATCH body is the file's bytes: left unread here, @tus/server streams it into the store.
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));
  const tus = createTusServer(deps);

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

  const tusDescription =
    'tus 1.0 (https://tus.io/protocols/resumable-upload), with the creation, creation-with-upload, ' +
    'termination and expiration extensions. The creation (`POST`, `Upload-Length`, `Upload-Metadata` with ' +
    '`filename`, `filetype` and `siteId`) is checked like a multipart upload before any byte is stored (the site ' +
    'and its `internalFilesUpload`, programs and scripts, MAX_UPLOAD_BYTES or the firm’s lower limit) and ' +
    'answers the upload’s address in `Location`; with `fileId` in the metadata instead of `siteId`, the upload ' +
    'becomes that file’s next version when it finishes, with no save (`internalFilesUpdate`, and no check-out ' +
    'by someone else); `PATCH` (`application/offset+octet-stream`) sends bytes from ' +
    '`Upload-Offset`, `HEAD` answers the offset the server keeps (durable: it survives a restart), `DELETE` ' +
    'terminates an unfinished upload. The request that completes an upload answers its reference number in ' +
    `\`${UPLOAD_REFERENCE_HEADER}\` (so does a later \`HEAD\`), for \`POST portal api/files\`. Uploads not finished ` +
    'within UPLOAD_GRACE_SECONDS of their creation are removed with their bytes. An upload id of another user ' +
    'or tenant answers 404. A creation beyond the caller’s unfinished uploads (UPLOAD_MAX_UNFINISHED_PER_USER) ' +
    'answers 429 `uploads.too_many_unfinished`, beyond the bytes they declare in all ' +
    '(UPLOAD_MAX_UNFINISHED_BYTES_PER_USER) 413 `uploads.unfinished_too_large`; `Upload-Defer-Length`, ' +
    '`Upload-Concat` and `Upload-Length` on a PATCH answer 400 `uploads.tus_extension_unsupported`. `OPTIONS` ' +
    'answers the tus discovery headers. Errors are JSON with a stable code.';
  const tusHandler = (request: FastifyRequest, reply: FastifyReply) =>
    answerTusRequest(tus, deps, request, reply);

  app.post(
    `/${TUS_UPLOADS_PATH}`,
    {
      schema: {
        tags: ['file-storage'],
        summary: 'Create a resumable (tus) upload',
        description: tusDescription,
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    tusHandler,
  );

  app.options(
    `/${TUS_UPLOADS_PATH}`,
    {
      schema: {
        tags: ['file-storage'],
        summary: 'What the resumable (tus) uploads support',
        description:
          'tus discovery: 204 with `Tus-Version`, `Tus-Extension` and `Tus-Max-Size` (MAX_UPLOAD_BYTES, or the ' +
          'firm’s lower limit).',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: {
          204: Type.Null({ description: 'The tus headers.' }),
          '4xx': ErrorBodySchema,
          '5xx': ErrorBodySchema,
        },
      },
    },
    (request, reply) => answerTusDiscovery(deps, request, reply),
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `/${TUS_UPLOADS_PATH}/:id`,
    schema: {
      tags: ['file-storage'],
      summary: 'Resume (HEAD), continue (PATCH) or terminate (DELETE) a resumable (tus) upload',
      description: tusDescription,
      security: [{ bearer: [] }],
      params: TusUploadParamsSchema,
      response: { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
    },
    handler: tusHandler,
  });

  app.get(
    `/${TUS_UPLOADS_PATH}/:id`,
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['file-storage'],
        summary: 'The pending upload a finished resumable (tus) upload became',
        description:
          'Answers what a multipart upload answers for the file (reference number, name, size, SHA-256, type). ' +
          '404 `uploads.not_found` for an id that is not the caller’s, or whose upload was saved or discarded ' +
          'since; 409 `uploads.incomplete` while bytes are missing.',
        security: [{ bearer: [] }],
        params: TusUploadParamsSchema,
        response: { 200: UploadedFileSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    (request) => readTusUpload(deps, request, request.params.id),
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
      const scope = callerOf(request);
      const scans = await deps.db.readTenant(scope.tenantCode, (tx) =>
        findUploadScans(tx, scope, request.query.referenceNumbers),
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
