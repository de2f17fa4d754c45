import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  RestoredItemSchema,
  TenantParamsSchema,
  TrashItemParamsSchema,
  TrashListSchema,
  TrashQuerySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { STAFF_ONLY_NOTE } from '../../sites/access.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { listSiteTrash, purgeTrashItem, restoreTrashItem } from '../../trash/trash.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const ITEM =
  ' `id` is a file or folder someone deleted (what went along with a folder comes and goes with it); any other ' +
  'answers 404 `trash.not_found`.';

/** A site's trash (decision 48): staff list, restore and delete for good what was deleted. */
export const trashRoutes: FastifyPluginAsyncTypebox<{ db: Database; blobs: BlobStore }> = async (
  app,
  deps,
) => {
  app.get(
    '/api/trash',
    {
      schema: {
        ...doc,
        summary: "A site's trash: what someone deleted, newest first",
        description:
          'Files and folders someone deleted (a folder counts what went with it), with who and when, paged ' +
          '(`limit`, default 50; `offset`). Items older than TRASH_RETENTION_DAYS are deleted for good by a ' +
          `background job. A site of another firm answers 404 \`sites.not_found\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: TrashQuerySchema,
        response: { 200: TrashListSchema, ...errors },
      },
    },
    async (request) => listSiteTrash(deps.db, callerOf(request), request.query),
  );

  app.post(
    '/api/trash/:id/restore',
    {
      schema: {
        ...doc,
        summary: 'Restore a file or folder from the trash',
        description:
          'Back where it was, or to the root if that folder is gone or deleted; a folder with every file and ' +
          'folder that went with it. A name taken there meanwhile gets " (2)" (`renamed: true`).' +
          `${ITEM}${STAFF_ONLY_NOTE}`,
        params: TrashItemParamsSchema,
        response: { 200: RestoredItemSchema, ...errors },
      },
    },
    async (request) => restoreTrashItem(deps.db, callerOf(request), request.params.id),
  );

  app.delete(
    '/api/trash/:id',
    {
      schema: {
        ...doc,
        summary: 'Delete a file or folder for good',
        description:
          'Its rows go, a folder’s contents with it, and its bytes once no copy or version shares them; the ' +
          `audit log keeps its name.${ITEM}${STAFF_ONLY_NOTE}`,
        params: TrashItemParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted for good.' }), ...errors },
      },
    },
    async (request, reply) => {
      await purgeTrashItem(deps.db, deps.blobs, callerOf(request), request.params.id, request.log);
      return reply.code(204).send(null);
    },
  );
};
