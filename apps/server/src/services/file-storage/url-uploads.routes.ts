import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  TenantParamsSchema,
  UrlUploadBodySchema,
  UrlUploadJobSchema,
  UrlUploadParamsSchema,
  UrlUploadStartedSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import { readUrlUpload, startUrlUpload, type UrlUploadDeps } from '../../uploads/url-uploads.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/** "Upload from a link": start a fetch, and follow it (decision 52). */
export const urlUploadRoutes: FastifyPluginAsyncTypebox<Omit<UrlUploadDeps, 'log'>> = async (
  app,
  options,
) => {
  const deps: UrlUploadDeps = { ...options, log: app.log };
  const tags = ['file-storage'];

  app.post(
    '/api/uploads/from-url',
    {
      schema: {
        tags,
        summary: 'Upload a file from a web address: the server fetches it',
        description:
          'Answers 202 `{ jobId }` at once; the fetch goes on in the server, and `GET uploads/from-url/{jobId}` ' +
          'says how far it got. The result is a pending upload of the caller, as a multipart upload’s (same ' +
          'size limit, refused types, virus scan, audit), whose reference number the page then saves. Only ' +
          '`https:` (and `http:` where URL_UPLOAD_ALLOW_HTTP=true); at most 5 redirects; every hop’s host must ' +
          'resolve to public addresses only (no loopback, private, link-local, multicast or cloud metadata ' +
          'address). A refused scheme or address answers 400 `url.refused` at once; what shows only while ' +
          'fetching (a redirect to a refused address, a refused type once the response names the file, a file ' +
          'over the limit, URL_UPLOAD_TIMEOUT_SECONDS passed) ends the job `failed` with its code. Needs the ' +
          'site’s `internalFilesUpload` and `urlFileUpload`; more uploads from links running at once than ' +
          'UPLOAD_MAX_CONCURRENT_PER_USER answer 429 `uploads.too_many_concurrent`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: UrlUploadBodySchema,
        response: { 202: UrlUploadStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await startUrlUpload(deps, callerOf(request), request.body);
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/uploads/from-url/:jobId',
    {
      schema: {
        tags,
        summary: 'How an upload from a link is going',
        description:
          '`fetching` with the bytes received so far (and the length announced, if any); `done` with the ' +
          'pending upload’s `referenceNumber`; `failed` with `error: { code, message }`. Only the caller’s own ' +
          'jobs: another’s answers 404 `uploads.not_found`. Any server process answers (the state is in the ' +
          'database); a job whose server went away reads `failed`.',
        security: [{ bearer: [] }],
        params: UrlUploadParamsSchema,
        response: { 200: UrlUploadJobSchema, ...errors },
      },
    },
    async (request) => readUrlUpload(deps, callerOf(request), request.params.jobId),
  );
};
