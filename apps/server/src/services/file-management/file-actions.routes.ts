import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkDeleteBodySchema,
  BulkMoveBodySchema,
  BulkResultSchema,
  CopiedFileSchema,
  CopyFileBodySchema,
  ErrorBodySchema,
  FileParamsSchema,
  TenantParamsSchema,
  UpdatedFileSchema,
  UpdateFileBodySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import {
  copyFile,
  deleteFile,
  deleteFiles,
  type FileActionSettings,
  moveFiles,
  updateFile,
} from '../../file-actions/file-actions.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const WHO =
  ' Any file the caller sees, either direction: staff always; a client who is an active member of its site when ' +
  "the site's flag is on (else 403 `settings.forbidden`). A file the caller does not see answers 404 " +
  '`files.not_found`.';
const TAKEN =
  ' A name taken in the target folder (a live file of the same direction, ignoring case) answers 409 `name.taken` ' +
  "with a free name (`name (2).pdf`) in the message and in `details` (`[{ path: 'suggestedName', message }]`).";
const LOCKED = ' A file someone else has checked out answers 409 `file.checked_out`.';

/** Rename, move, copy and delete of one file (decision 48). */
export const fileActionsRoutes: FastifyPluginAsyncTypebox<{ db: Database } & FileActionSettings> = async (
  app,
  deps,
) => {
  const settings = { refusedExtensions: deps.refusedExtensions, notifyBatchSeconds: deps.notifyBatchSeconds };

  app.patch(
    '/api/files/:id',
    {
      schema: {
        ...doc,
        summary: 'Rename a file and/or move it to another folder of its site',
        description:
          '`name` is the file name (what a download saves; the title follows it when it was the file name), ' +
          "needing `internalFilesRename`; `folderId` a live folder of the file's site or null for the root, " +
          'needing `internalFilesMove` (a folder of another site, deleted or unknown: 404 `folders.not_found`). ' +
          `A name of a refused type answers 400.${TAKEN}${LOCKED}${WHO}`,
        params: FileParamsSchema,
        body: UpdateFileBodySchema,
        response: { 200: UpdatedFileSchema, ...errors },
      },
    },
    async (request) => updateFile(deps.db, callerOf(request), request.params.id, request.body, settings),
  );

  app.post(
    '/api/files/:id/copy',
    {
      schema: {
        ...doc,
        summary: 'Copy a file into a folder of its site',
        description:
          'A new file of the same site and direction, under the same name (or `name`): it shares the stored ' +
          'bytes (no second copy of them) and starts its own history at version 1. Needs `internalFilesCopy`.' +
          ` A folder of another site, deleted or unknown answers 404 \`folders.not_found\`.${TAKEN}${WHO}`,
        params: FileParamsSchema,
        body: CopyFileBodySchema,
        response: { 201: CopiedFileSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await copyFile(deps.db, callerOf(request), request.params.id, request.body, settings)),
  );

  app.delete(
    '/api/files/:id',
    {
      schema: {
        ...doc,
        summary: "Delete a file: to its site's trash",
        description:
          "Nobody sees it in the lists any more; staff find it in the site's trash (`GET trash?siteId=`) and may " +
          `restore it until TRASH_RETENTION_DAYS. Needs \`internalFilesDelete\`.${LOCKED}${WHO}`,
        params: FileParamsSchema,
        response: { 204: Type.Null({ description: 'In the trash.' }), ...errors },
      },
    },
    async (request, reply) => {
      await deleteFile(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const BULK =
    ' One transaction: every file or none. Any id that is not a live file the caller sees answers 404 ' +
    '`files.not_found` (checked for every id before any flag), then 403 for the first site whose flag refuses.';

  app.post(
    '/api/files/move',
    {
      schema: {
        ...doc,
        summary: 'Move several files of one site into one folder',
        description:
          "`folderId` a live folder of the files' site or null for the root (else 404 `folders.not_found`); files of " +
          'more than one site answer 400. Needs `internalFilesMove`. A file someone else has checked out answers ' +
          '409 `file.checked_out`; a name taken in the folder 409 `name.taken` naming that file. `count` is how ' +
          `many files were named (those already there included).${BULK}`,
        params: TenantParamsSchema,
        body: BulkMoveBodySchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => moveFiles(deps.db, callerOf(request), request.body, settings),
  );

  app.post(
    '/api/files/delete',
    {
      schema: {
        ...doc,
        summary: "Delete several files: to their sites' trash",
        description:
          'Needs `internalFilesDelete` of each file’s site. A file someone else has checked out answers 409 ' +
          `\`file.checked_out\`.${BULK}`,
        params: TenantParamsSchema,
        body: BulkDeleteBodySchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => deleteFiles(deps.db, callerOf(request), request.body),
  );
};
