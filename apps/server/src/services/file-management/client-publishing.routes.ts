import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientPublishedFileSchema, ErrorBodySchema, FileParamsSchema } from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import { publishOwnFile, unpublishOwnFile } from '../../client-publishing/client-publishing.usecases.ts';
import type { Database } from '../../db/database.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const WHO =
  " Needs the site's `internalFilesPublishUnPublish` for a client who is an active member of the site (else 403 " +
  '`settings.forbidden`); a file the caller does not see answers 404 `files.not_found`. A file someone else has ' +
  'checked out answers 409 `file.checked_out`; a name the other side already has in its folder 409 `name.taken`.';

/** Client publishing (issue 27 item 9, decision 60). */
export const clientPublishingRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  notify: FileMailSettings;
}> = async (app, deps) => {
  app.post(
    '/api/files/:id/publish',
    {
      schema: {
        ...doc,
        summary: 'Publish your own submitted file to the site',
        description:
          'The caller’s own submitted file becomes a published file of its site (same id, folder, versions, history ' +
          'and tags), marked `publishedBy` with the caller’s name; the site’s other members get the batched "files ' +
          'published" mail. A file the caller did not submit (staff included) answers 403 `auth.forbidden`; one ' +
          `the caller already published answers as it is.${WHO}`,
        params: FileParamsSchema,
        response: { 200: ClientPublishedFileSchema, ...errors },
      },
    },
    async (request) => publishOwnFile(deps.db, callerOf(request), request.params.id, deps.notify),
  );

  app.post(
    '/api/files/:id/unpublish',
    {
      schema: {
        ...doc,
        summary: 'Take a client-published file back to Submitted Files',
        description:
          'A file a client published returns to Submitted Files with its review status as it was. Its publisher ' +
          'or staff may; another client, or a file the firm published, answers 403 `auth.forbidden`. A file ' +
          `already submitted answers as it is.${WHO}`,
        params: FileParamsSchema,
        response: { 200: ClientPublishedFileSchema, ...errors },
      },
    },
    async (request) => unpublishOwnFile(deps.db, callerOf(request), request.params.id),
  );
};
