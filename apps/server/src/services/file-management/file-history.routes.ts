import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileHistoryQuerySchema,
  FileHistorySchema,
  FileParamsSchema,
  FilePropertiesSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { fileHistory, fileProperties } from '../../file-history/file-history.usecases.ts';
import { fileActionNote } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };

/** A file's history and properties, either direction (issue 26, item 6). */
export const fileHistoryRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/files/:id/history',
    {
      schema: {
        ...doc,
        summary: 'A file’s history: what happened to it, newest first',
        description:
          'The file’s events from the audit log (uploaded, published, opened, downloaded, renamed, moved, new ' +
          'version, checked out and in, deleted, restored, status…), paged, each with its label ' +
          `(FILE_HISTORY_LABELS) and who did it as the firm knows them.${fileActionNote('files.history')}`,
        params: FileParamsSchema,
        querystring: FileHistoryQuerySchema,
        response: { 200: FileHistorySchema, ...errors },
      },
    },
    async (request) =>
      fileHistory(db, callerOf(request), request.params.id, {
        limit: request.query.limit ?? 10,
        offset: request.query.offset ?? 0,
      }),
  );

  app.get(
    '/api/files/:id/properties',
    {
      schema: {
        ...doc,
        summary: 'A file’s properties',
        description:
          'Name, folder (and its path from the root), size, type, SHA-256, version, who uploaded it and when, ' +
          `who brought the current version, and who holds it checked out until when.${fileActionNote('files.properties')}`,
        params: FileParamsSchema,
        response: { 200: FilePropertiesSchema, ...errors },
      },
    },
    async (request) => fileProperties(db, callerOf(request), request.params.id),
  );
};
