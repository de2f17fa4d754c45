import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateFolderBodySchema,
  ErrorBodySchema,
  FolderListSchema,
  FolderParamsSchema,
  FolderSchema,
  FoldersQuerySchema,
  TenantParamsSchema,
  UpdateFolderBodySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { changeFolder, createFolder, deleteFolder, listSiteFolders } from '../../folders/folders.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };

const WHO =
  ' A site the caller may not see answers 404 `sites.not_found`; a client of a site whose `portalFilesView` or ' +
  '`fileAreaFolderStructure` is off gets 403 `settings.forbidden`.';
const STAFF_WHO =
  ' Staff of the tenant only: a client gets 403 `auth.staff_only`; a folder the caller may not see (another ' +
  "site's, another firm's, in the trash) answers 404 `folders.not_found`.";

/** `/t/{tenant}/file-management/api/folders`: one folder tree per site, shared by Published and Submitted Files. */
export const foldersRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/folders',
    {
      schema: {
        ...doc,
        summary: "A site's folders",
        description: `Every live folder of the site, by name, each with its parent (null: the root).${WHO}`,
        params: TenantParamsSchema,
        querystring: FoldersQuerySchema,
        response: { 200: FolderListSchema, ...errors },
      },
    },
    (request) => listSiteFolders(db, callerOf(request), request.query.siteId),
  );

  app.post(
    '/api/folders',
    {
      schema: {
        ...doc,
        summary: 'Create a folder',
        description:
          'Under `parentId` (a live folder of the same site, else 404 `folders.not_found`) or the root. A name ' +
          'another folder beside it has (in any case) answers 409 `name.taken`. Staff may always; a client who ' +
          `is a member of the site while its \`fileAreaFolderStructure\` is on.${WHO}`,
        params: TenantParamsSchema,
        body: CreateFolderBodySchema,
        response: { 201: FolderSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createFolder(db, callerOf(request), request.body)),
  );

  app.patch(
    '/api/folders/:id',
    {
      schema: {
        ...doc,
        summary: 'Rename or move a folder',
        description:
          'A new `name`, a new `parentId` (null: the root), or both. A move is one change of the folder itself, ' +
          'whatever it holds. Into itself or a folder below it: 400 `folders.cycle`; a name taken beside it: ' +
          `409 \`name.taken\`.${STAFF_WHO}`,
        params: FolderParamsSchema,
        body: UpdateFolderBodySchema,
        response: { 200: FolderSchema, ...errors },
      },
    },
    (request) => changeFolder(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/folders/:id',
    {
      schema: {
        ...doc,
        summary: 'Delete a folder (to the trash)',
        description:
          "The folder and everything in it, folders and files, go to the site's trash, from where staff restore " +
          'them together. A file in it checked out by someone else answers 409 `file.checked_out`.' +
          STAFF_WHO,
        params: FolderParamsSchema,
        response: { 204: Type.Null({ description: 'In the trash.' }), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFolder(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
