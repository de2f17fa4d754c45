import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileColumnListSchema,
  NewPublishedFilesQuerySchema,
  PUBLISHED_FILE_COLUMNS,
  PublishedFileCountSchema,
  PublishedFileListSchema,
  PublishedFilesQuerySchema,
  PublishedFilesResponseSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import { countNewPublishedFiles } from '../../site-files/file-reads.ts';
import { type SiteFileRouteDeps, siteFileListRoutes } from '../../site-files/site-file-list.routes.ts';
import { PUBLISHED_FILES } from '../../site-files/site-file-lists.ts';
import { assignmentRoutes } from './assignments.routes.ts';
import { checkoutRoutes } from './checkouts.routes.ts';
import { classificationListRoutes } from './classification-lists.routes.ts';
import { clientPublishingRoutes } from './client-publishing.routes.ts';
import { fileActionsRoutes } from './file-actions.routes.ts';
import { fileHistoryRoutes } from './file-history.routes.ts';
import { type FileStatusRouteDeps, fileStatusRoutes } from './file-statuses.routes.ts';
import { foldersRoutes } from './folders.routes.ts';
import { type ShareLinkRouteOptions, shareLinkRoutes } from './share-links.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { tagRoutes } from './tags.routes.ts';
import { trashRoutes } from './trash.routes.ts';
import { versionRoutes } from './versions.routes.ts';

export interface FileManagementRouteDeps
  extends SiteFileRouteDeps,
    Pick<ShareLinkRouteOptions, 'shareLinks'>,
    Pick<FileStatusRouteDeps, 'notify'> {
  /** CHECKOUT_HOURS. */
  checkoutHours: number;
  /** UPLOAD_REFUSED_EXTENSIONS: a rename may not give a file a refused type. */
  refusedExtensions: readonly string[];
  /** NOTIFY_BATCH_SECONDS: the mails that files cause (a client publishing one, decision 60). */
  notify: FileMailSettings;
  /** NOTIFY_BATCH_SECONDS: subscription mails of copies and moves (decision 59). */
  notifyBatchSeconds: number;
}

/** The file-management service: the files the firm published to a site. */
export const fileManagementRoutes: FastifyPluginAsyncTypebox<FileManagementRouteDeps> = async (app, deps) => {
  // Rename, move, copy, delete, and the trash (decision 48).
  await app.register(fileActionsRoutes, {
    db: deps.db,
    refusedExtensions: deps.refusedExtensions,
    notifyBatchSeconds: deps.notifyBatchSeconds,
  });
  await app.register(subscriptionRoutes, { db: deps.db });
  await app.register(trashRoutes, { db: deps.db, blobs: deps.blobs });
  await app.register(shareLinkRoutes, { db: deps.db, shareLinks: deps.shareLinks });
  await app.register(
    siteFileListRoutes({
      list: PUBLISHED_FILES,
      path: '/api/files/published-files',
      tag: 'file-management',
      noun: 'published',
      zipTitle: 'Published Files',
      query: PublishedFilesQuerySchema,
      page: PublishedFileListSchema,
      response: PublishedFilesResponseSchema,
      listSummary: "A site's published files, or with `count=true` only how many there are",
      listDescription:
        '`count=true` answers `{ count }` (the Published Files badge); otherwise a page ' +
        '`{ records, totalRecordCount }`. A site the caller may not see answers 404 `sites.not_found`; a ' +
        'client of a site whose `portalFilesView` is off gets 403 `settings.forbidden`.',
      downloadNote: '; the file is no longer `isNew` for the caller afterwards',
    }),
    // Not `deps` itself: it carries this plugin's own `prefix`, which would apply twice.
    {
      db: deps.db,
      blobs: deps.blobs,
      settings: deps.settings,
      downloadTicketSeconds: deps.downloadTicketSeconds,
    },
  );
  // The workspace's file actions (issue 26): `files/{id}/…`, either direction.
  await app.register(checkoutRoutes, { db: deps.db, checkoutHours: deps.checkoutHours });
  await app.register(fileHistoryRoutes, { db: deps.db });
  // Tags (issue 27 item 3, decision 57).
  await app.register(tagRoutes, { db: deps.db });
  // Categories and projects (issue 27 items 4 and 5).
  await app.register(classificationListRoutes, { db: deps.db });
  // Assignee and assignment (issue 27 item 2, decision 56).
  await app.register(assignmentRoutes, { db: deps.db });

  await app.register(foldersRoutes, { db: deps.db });

  await app.register(versionRoutes, { db: deps.db, blobs: deps.blobs });

  // Issue 27 item 1: the firm's statuses and a file's status (decision 55).
  await app.register(fileStatusRoutes, { db: deps.db, notify: deps.notify });
  // Client publishing (issue 27 item 9, decision 60).
  await app.register(clientPublishingRoutes, { db: deps.db, notify: deps.notify });

  app.get(
    '/api/files/published-files/columns',
    {
      schema: {
        tags: ['file-management'],
        summary: 'The columns of the Published Files table',
        description: 'Key, title, whether it can be sorted (an allowed `sortBy`) and how to show it.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { 200: FileColumnListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async () => ({ columns: [...PUBLISHED_FILE_COLUMNS] }),
  );

  app.get(
    '/api/files/published-files/new-count',
    {
      schema: {
        tags: ['file-management'],
        summary: 'How many published files the caller has not opened yet',
        description:
          'Published files of the site the caller never downloaded (alone or in a zip): the files marked ' +
          '`isNew`, counted for the landing page\'s "N new documents" notice. A site the caller may not see ' +
          'answers 404 `sites.not_found`; a client of a site whose `portalFilesView` is off gets 403 ' +
          '`settings.forbidden`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: NewPublishedFilesQuerySchema,
        response: { 200: PublishedFileCountSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => ({
      count: await countNewPublishedFiles(deps.db, deps.settings, callerOf(request), request.query.siteId),
    }),
  );
};
