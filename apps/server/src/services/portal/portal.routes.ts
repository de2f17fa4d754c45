import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  LIMITS,
  type SiteList,
  SiteListQuerySchema,
  SiteListSchema,
  SiteParamsSchema,
  type SiteRecordCount,
  SiteRecordCountSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import type { SiteSettingsCache } from '../../sites/site-settings-cache.ts';
import { countSiteRecords, listSites } from '../../sites/sites.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { requestsRoutes } from './requests.routes.ts';
import { submittedFilesRoutes } from './submitted-files.routes.ts';

/** The portal service: the sites a caller works in and what they hold. */
export const portalRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  blobs: BlobStore;
  settings: SiteSettingsCache;
  notify: FileMailSettings;
  downloadTicketSeconds: number;
}> = async (app, { db, blobs, settings, notify, downloadTicketSeconds }) => {
  await app.register(submittedFilesRoutes, { db, blobs, settings, notify, downloadTicketSeconds });
  await app.register(requestsRoutes, { db, notify });

  app.get(
    '/api/sites',
    {
      schema: {
        tags: ['portal'],
        summary: 'The sites the caller may see, paged',
        description:
          'Clients see the sites they are a member of, staff every site of the firm that is not archived. ' +
          'Each site carries its effective fileAreaSettings.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: SiteListQuerySchema,
        response: { 200: SiteListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<SiteList> => {
      const { limit = LIMITS.siteListPageSize, offset = 0, search } = request.query;
      return listSites(db, callerOf(request), { limit, offset, search });
    },
  );

  app.get(
    '/api/sites/:siteId/record-count',
    {
      schema: {
        tags: ['portal'],
        summary: 'How many files a site holds',
        description:
          'Published, submitted and total files of the site, deleted ones excluded. A site the caller may ' +
          'not see answers 404 `sites.not_found`, exactly like a missing one.',
        security: [{ bearer: [] }],
        params: SiteParamsSchema,
        response: { 200: SiteRecordCountSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<SiteRecordCount> =>
      countSiteRecords(db, callerOf(request), request.params.siteId),
  );
};
