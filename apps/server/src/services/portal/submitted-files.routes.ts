import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  IdempotencyHeadersSchema,
  SavedSubmittedFilesSchema,
  SaveSubmittedFilesBodySchema,
  SubmittedFileListSchema,
  SubmittedFilesQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import { answerIdempotently } from '../../idempotency/idempotent-routes.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import { type SiteFileRouteDeps, siteFileListRoutes } from '../../site-files/site-file-list.routes.ts';
import { SUBMITTED_FILES } from '../../site-files/site-file-lists.ts';
import { saveSubmittedFiles } from '../../site-files/submitted-files.usecases.ts';

/** Submitted Files: what clients sent the firm, saved from their uploads, listed, downloaded and zipped. */
export const submittedFilesRoutes: FastifyPluginAsyncTypebox<
  SiteFileRouteDeps & { notify: FileMailSettings }
> = async (app, deps) => {
  app.post(
    '/api/files',
    {
      schema: {
        tags: ['portal'],
        summary: 'Save uploaded files as Submitted Files of a site',
        description:
          'Turns the caller’s pending uploads (reference numbers from `POST file-storage api/files`) into ' +
          'Submitted Files, in one transaction: every one or none. A reference that is not the caller’s, ' +
          'not pending or of another site answers 404 `uploads.not_found` and nothing is saved. The title ' +
          'defaults to the file name. Needs the site’s `internalFilesUpload`. Safe to retry with an ' +
          '`Idempotency-Key`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: SaveSubmittedFilesBodySchema,
        response: { 201: SavedSubmittedFilesSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return answerIdempotently(deps.db, caller, request, reply, 201, async (tx) => ({
        records: await saveSubmittedFiles(tx, caller, request.body, deps.notify),
      }));
    },
  );

  await app.register(
    siteFileListRoutes({
      list: SUBMITTED_FILES,
      path: '/api/files/submitted',
      tag: 'portal',
      noun: 'submitted',
      zipTitle: 'Submitted Files',
      query: SubmittedFilesQuerySchema,
      page: SubmittedFileListSchema,
      listSummary: "A site's submitted files, paged, sorted, searched and filtered by date",
      listDescription:
        'A page `{ records, totalRecordCount }` of the files submitted to the site by anyone in it. A site ' +
        'the caller may not see answers 404 `sites.not_found`; a client of a site whose `portalFilesView` ' +
        'is off gets 403 `settings.forbidden`.',
    }),
    // Not `deps` itself: it carries this plugin's own `prefix`, which would apply twice.
    {
      db: deps.db,
      blobs: deps.blobs,
      settings: deps.settings,
      downloadTicketSeconds: deps.downloadTicketSeconds,
    },
  );
};
