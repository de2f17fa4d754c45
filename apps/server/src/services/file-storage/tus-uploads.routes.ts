import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  TenantParamsSchema,
  TUS_UPLOADS_PATH,
  TusUploadParamsSchema,
  UPLOAD_REFERENCE_HEADER,
  UploadedFileSchema,
} from '@portico/contracts';
import type { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { Type } from 'typebox';
import type { Caller } from '../../auth/caller.ts';
import { callerOf } from '../../auth/current-user.ts';
import { errorBody } from '../../http/error-handler.ts';
import { watchBodyRate } from '../../uploads/body-rate-guard.ts';
import { TUS_EXTENSIONS, type TusDeps, tusCalls } from '../../uploads/tus-store.ts';
import {
  createTusServer,
  finishTusUpload,
  readTusUpload,
  TUS_BODY_TYPE,
  tusMaxSize,
} from '../../uploads/tus-uploads.usecases.ts';
import { takeUploadSlot, type UploadSlot } from '../../uploads/upload-slots.ts';

/**
 * `file-storage api/uploads/tus` (decision 25): the tus routes, and the HTTP side of them — the raw request and
 * response handed to @tus/server, the upload slot and pace of a request that carries bytes, every answer as JSON
 * with a stable code. The rules (what may be created, continued, finished) are the uploads module's use cases.
 */
export const tusUploadRoutes: FastifyPluginAsyncTypebox<{ deps: TusDeps }> = async (app, { deps }) => {
  // A tus PATCH body is the file's bytes: left unread here, @tus/server streams it into the store.
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));
  const tus = createTusServer(deps);

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
    (request) => readTusUpload(deps, callerOf(request), request.log, request.params.id),
  );
};

/**
 * `OPTIONS` on the creation address (tus discovery): the version, the extensions, and the largest file the
 * caller's firm takes (MAX_UPLOAD_BYTES, or the firm's own lower limit).
 */
export async function answerTusDiscovery(deps: TusDeps, request: FastifyRequest, reply: FastifyReply) {
  const maxSize = await tusMaxSize(deps, callerOf(request).tenantCode);
  return reply
    .code(204)
    .headers({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': TUS_EXTENSIONS.join(','),
      'tus-max-size': String(maxSize),
    })
    .send();
}

/**
 * Answers a tus request through @tus/server on the raw request and response (Fastify hands them over and parses
 * no body, so a PATCH streams straight into the store). The route's hooks ran first: the bearer token, the
 * tenant and the caller are checked, as for every tenant route. A request that carries bytes takes an upload
 * slot (429 before any byte is read) and is cut off when slower than the floor, keeping what arrived. Errors
 * are answered as JSON with a stable code; a HEAD of a finished upload names its reference number.
 */
export async function answerTusRequest(
  tus: Server,
  deps: TusDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const caller = callerOf(request);
  const carriesBytes =
    request.method === 'PATCH' ||
    (request.method === 'POST' && request.headers['content-type'] === TUS_BODY_TYPE);
  let slot: UploadSlot | undefined;
  if (carriesBytes) slot = takeUploadSlot(deps.slots, caller, request, reply);
  reply.hijack();
  const stopWatch = carriesBytes
    ? watchBodyRate(
        request.raw,
        {
          minBytesPerSecond: deps.config.uploadMinBytesPerSecond,
          windowSeconds: deps.config.uploadRateWindowSeconds,
        },
        () => request.raw.destroy(),
      )
    : () => {};
  try {
    const answer = await tusCalls
      .run({ caller, log: request.log }, async () => {
        const response = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
        return withPorticoAnswer(deps, caller, request, response);
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'tus request failed');
        return Response.json(errorBody('server.internal', 'Something went wrong on our side.'), {
          status: 500,
        });
      });
    // A client that went away (a drop, a cancel) gets no answer; what it sent is already kept.
    if (reply.raw.destroyed || reply.raw.headersSent) return;
    // Answered before its body's end (refused): the rest is not read, the connection closes after the answer.
    if (carriesBytes && !request.raw.complete) answer.headers.set('connection', 'close');
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('cache-control', 'no-store');
    await sendNodeResponse(reply.raw, answer).catch(() => {});
  } finally {
    stopWatch();
    slot?.release();
  }
}

async function withPorticoAnswer(
  deps: TusDeps,
  caller: Caller,
  request: FastifyRequest,
  response: Response,
): Promise<Response> {
  if (response.status >= 400) {
    // @tus/server answers its own header checks (412, 400) as text; every answer here is JSON with a code.
    const text = await response.text();
    const body = text.startsWith('{') ? text : JSON.stringify(errorBody('uploads.invalid', text.trim()));
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.set('content-length', String(Buffer.byteLength(body)));
    return new Response(body, { status: response.status, headers });
  }
  const length = response.headers.get('upload-length');
  if (request.method === 'HEAD' && length !== null && response.headers.get('upload-offset') === length) {
    const id = (request.params as { id: string }).id;
    const file = await finishTusUpload(deps, caller, id).catch(() => undefined);
    if (file) response.headers.set(UPLOAD_REFERENCE_HEADER, file.referenceNumber);
  }
  return response;
}
