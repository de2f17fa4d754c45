import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  LIMITS,
  PublishedFilesQuerySchema,
  type PublishedFilesResponse,
  PublishedFilesResponseSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { tenantScopeOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { countPublishedFiles, listPublishedFiles } from './published-files.repository.ts';

/** The file-management service: the files the firm published to a site. */
export const fileManagementRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/files/published-files',
    {
      schema: {
        tags: ['file-management'],
        summary: "A site's published files, or with `count=true` only how many there are",
        description:
          '`count=true` answers `{ count }` (the Published Files badge); otherwise a page ' +
          '`{ records, totalRecordCount }`. A site the caller may not see answers 404 `sites.not_found`; a ' +
          'client of a site whose `portalFilesView` is off gets 403 `settings.forbidden`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: PublishedFilesQuerySchema,
        response: { 200: PublishedFilesResponseSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<PublishedFilesResponse> => {
      const scope = tenantScopeOf(request);
      const { siteId, count, search, from, to } = request.query;
      const filter = { siteId, search, from, to };
      if (count) return { count: await countPublishedFiles(db, scope, filter) };
      const {
        limit = LIMITS.siteListPageSize,
        offset = 0,
        sortBy = 'createdAt',
        sortOrder = 'desc',
      } = request.query;
      return listPublishedFiles(db, scope, filter, { limit, offset, sortBy, sortOrder });
    },
  );
};
