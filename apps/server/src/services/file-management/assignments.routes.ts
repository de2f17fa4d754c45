import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignedToMePageSchema,
  AssignedToMeQuerySchema,
  AssignedToMeSchema,
  AssigneeListSchema,
  AssigneesQuerySchema,
  AssignFilesBodySchema,
  BulkResultSchema,
  ErrorBodySchema,
  FileAssignmentListSchema,
  FileAssignmentsQuerySchema,
  FileParamsSchema,
  LIMITS,
  SetAssigneeBodySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import {
  assignedToMe,
  assigneesOf,
  assignFilesTo,
  assignmentHistory,
  setAssignee,
} from '../../assignments/assignments.usecases.ts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { serializeAs } from '../../http/serialize-as.ts';
import { fileActionNote } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const ASSIGNEE_RULE =
  'The assignee must be staff of the firm or a member client of the file’s site (a site that is not archived), ' +
  'else 400 `assignee.invalid`; they are mailed (unless they assigned themselves) and see the files on their ' +
  '"Assigned to me" page.';

/** Assignee and assignment (issue 27 item 2, decision 56): either direction. */
export const assignmentRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.put(
    '/api/files/:id/assignee',
    {
      schema: {
        ...doc,
        summary: 'Set (or clear) a file’s assignee',
        description: `\`userId: null\` clears it. ${ASSIGNEE_RULE} Recorded in the file's assignment history and history (\`file.assign\`).${fileActionNote('files.setAssignee')}`,
        params: FileParamsSchema,
        body: SetAssigneeBodySchema,
        response: { 204: Type.Null({ description: 'Changed.' }), ...errors },
      },
    },
    async (request, reply) => {
      await setAssignee(db, callerOf(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/files/assign',
    {
      schema: {
        ...doc,
        summary: 'Assign several files to one person, with a note and a due date',
        description: `All or nothing: one file the caller may not assign (404/403) or an assignee refused for one file's site changes nothing. ${ASSIGNEE_RULE} One mail lists every file.${fileActionNote('files.assign')}`,
        params: TenantParamsSchema,
        body: AssignFilesBodySchema,
        response: { 200: BulkResultSchema, ...errors },
      },
    },
    async (request) => assignFilesTo(db, callerOf(request), request.body),
  );

  app.get(
    '/api/files/:id/assignments',
    {
      schema: {
        ...doc,
        summary: 'A file’s assignment history',
        description: `Every change of its assignee (from, to, by whom, when, note, due date), newest first, paged; people as this firm knows them.${fileActionNote('files.assignmentHistory')}`,
        params: FileParamsSchema,
        querystring: FileAssignmentsQuerySchema,
        response: { 200: FileAssignmentListSchema, ...errors },
      },
    },
    async (request) =>
      assignmentHistory(db, callerOf(request), request.params.id, {
        limit: request.query.limit ?? 20,
        offset: request.query.offset ?? 0,
      }),
  );

  app.get(
    '/api/files/assigned-to-me',
    {
      schema: {
        ...doc,
        summary: 'The files assigned to the caller ("Assigned to me")',
        description:
          'Live files assigned to the caller, soonest due first, then newest assigned; paged. Staff: in every ' +
          'site of the firm that is not archived. A client: in the sites they are a member of whose ' +
          '`portalFilesView` is on. `siteId` narrows to one site; `count=true` answers `{ count }` (the menu badge).',
        params: TenantParamsSchema,
        querystring: AssignedToMeQuerySchema,
        response: { 200: AssignedToMeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await assignedToMe(db, callerOf(request), {
        count: request.query.count,
        siteId: request.query.siteId,
        limit: request.query.limit ?? LIMITS.assignedToMePageSize,
        offset: request.query.offset ?? 0,
      });
      if ('records' in answer) serializeAs(reply, AssignedToMePageSchema);
      return answer;
    },
  );

  app.get(
    '/api/files/assignees',
    {
      schema: {
        ...doc,
        summary: 'Who a file of a site may be assigned to',
        description:
          'The firm’s staff, then the site’s member clients, by the names this firm knows them by. A site the ' +
          'caller does not see answers 404 `sites.not_found`; a client needs `portalFilesView` and ' +
          '`internalFileSetAssignee` or `internalFilesAssign` on (else 403 `settings.forbidden`).',
        params: TenantParamsSchema,
        querystring: AssigneesQuerySchema,
        response: { 200: AssigneeListSchema, ...errors },
      },
    },
    async (request) => assigneesOf(db, callerOf(request), request.query.siteId),
  );
};
