import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkResultSchema,
  BulkTagBodySchema,
  ClassificationParamsSchema,
  CreateTagBodySchema,
  ErrorBodySchema,
  FileParamsSchema,
  SetFileTagsBodySchema,
  TagListSchema,
  TagSchema,
  TagsQuerySchema,
  TenantParamsSchema,
  UpdateTagBodySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { fileActionNote, STAFF_ONLY_NOTE } from '../../sites/access.ts';
import {
  bulkTagFiles,
  changeTag,
  createTag,
  getTags,
  removeTag,
  setFileTags,
} from '../../tags/tags.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };

/** Tags (issue 27 item 3, bulk tag/untag of item 10; decision 57). */
export const tagRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/tags',
    {
      schema: {
        ...doc,
        summary: 'The firm’s tags, by name',
        description:
          'Any signed-in caller of the tenant. `counts=true` (staff only, else 403 `auth.staff_only`) adds each ' +
          'tag’s `fileCount`: the live files carrying it.',
        params: TenantParamsSchema,
        querystring: TagsQuerySchema,
        response: { 200: TagListSchema, ...errors },
      },
    },
    async (request) => getTags(db, callerOf(request), request.query.counts ?? false),
  );

  app.post(
    '/api/tags',
    {
      schema: {
        ...doc,
        summary: 'Create a tag',
        description:
          'Staff of the firm may. A client names `siteId`: a site they are a member of with `portalFilesView` ' +
          'and `fileAreaManageTags` on (else 404 `sites.not_found` or 403 `settings.forbidden`; no `siteId` is ' +
          '400 `request.invalid`). Names are unique in the firm ignoring case: 409 `name.taken`. Audited ' +
          '`tag.create`.',
        params: TenantParamsSchema,
        body: CreateTagBodySchema,
        response: { 201: TagSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createTag(db, callerOf(request), request.body)),
  );

  app.patch(
    '/api/tags/:id',
    {
      schema: {
        ...doc,
        summary: 'Rename or recolour a tag',
        description: `A tag not the firm’s is 404 \`tags.not_found\`; a name taken 409 \`name.taken\`. Audited \`tag.update\`.${STAFF_ONLY_NOTE}`,
        params: ClassificationParamsSchema,
        body: UpdateTagBodySchema,
        response: { 200: TagSchema, ...errors },
      },
    },
    async (request) => changeTag(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/tags/:id',
    {
      schema: {
        ...doc,
        summary: 'Delete a tag',
        description: `Takes it off every file. A tag not the firm’s is 404 \`tags.not_found\`. Audited \`tag.delete\` with how many files carried it.${STAFF_ONLY_NOTE}`,
        params: ClassificationParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errors },
      },
    },
    async (request, reply) => {
      await removeTag(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/files/:id/tags',
    {
      schema: {
        ...doc,
        summary: 'Set a file’s tags',
        description:
          'Replaces the file’s tags with `tagIds` (`[]` removes them all). Every id must be a tag of the firm, ' +
          'else 404 `tags.not_found`. Each tag gained is recorded `file.tag`, each lost `file.untag`, in the ' +
          `file’s history.${fileActionNote('files.tag')}`,
        params: FileParamsSchema,
        body: SetFileTagsBodySchema,
        response: { 204: Type.Null({ description: 'Set.' }), ...errors },
      },
    },
    async (request, reply) => {
      await setFileTags(db, callerOf(request), request.params.id, request.body.tagIds);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/files/tags',
    {
      schema: {
        ...doc,
        summary: 'Tag and untag many files at once',
        description:
          'One transaction, all or nothing: `add` goes on every file of `fileIds` (up to 10,000), `remove` comes ' +
          'off. Any file the caller may not see is 404 `files.not_found` and any tag not the firm’s 404 ' +
          '`tags.not_found`, checked before the flags; then a site whose flags refuse is 403 ' +
          '`settings.forbidden`; in every such case nothing changes. Neither `add` nor `remove`, or a tag in ' +
          'both, is 400 `request.invalid`. `count` is how many files changed; each is recorded `file.tag` / ' +
          `\`file.untag\`.${fileActionNote('files.tag')}`,
        params: TenantParamsSchema,
        body: BulkTagBodySchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => bulkTagFiles(db, callerOf(request), request.body),
  );
};
