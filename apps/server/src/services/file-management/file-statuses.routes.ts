import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileParamsSchema,
  FileStatusListSchema,
  PutFileStatusesBodySchema,
  SetFileStatusBodySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import {
  getStatuses,
  putStatuses,
  type StatusMailSettings,
  setFileStatus,
} from '../../file-statuses/file-statuses.usecases.ts';
import { fileActionNote, STAFF_ONLY_NOTE } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };

export interface FileStatusRouteDeps {
  db: Database;
  /** NOTIFY_BATCH_SECONDS: a client's status changes within it make one mail per staff member and site. */
  notify: StatusMailSettings;
}

/** Statuses of published files (issue 27 item 1, decision 55): the tenant's list and a file's status. */
export const fileStatusRoutes: FastifyPluginAsyncTypebox<FileStatusRouteDeps> = async (app, deps) => {
  const { db, notify } = deps;

  app.get(
    '/api/statuses',
    {
      schema: {
        ...doc,
        summary: 'The firm’s statuses of published files',
        description:
          'In the order shown. A file’s `status` is one of these keys (its `statusName` the name). Any signed-in ' +
          'person of the tenant may read the list; staff also get `fileCount`, the live published files with ' +
          'each status.',
        params: TenantParamsSchema,
        response: { 200: FileStatusListSchema, ...errors },
      },
    },
    async (request) => getStatuses(db, callerOf(request)),
  );

  app.put(
    '/api/statuses',
    {
      schema: {
        ...doc,
        summary: 'Replace the firm’s statuses of published files',
        description:
          'The whole list, in order (1–20 statuses). An entry with a `key` keeps that status, renamed to `name` ' +
          'and moved to its place; an entry without one is a new status, its key made from its name (unique). A ' +
          'status left out is removed, and cleared (with its note) from every file that had it. Names are unique ' +
          'ignoring case (409 `name.taken`); a `key` not in the list answers 400 `status.unknown`. Recorded as ' +
          `\`statuses.update\` in the audit log. Answers the new list.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: PutFileStatusesBodySchema,
        response: { 200: FileStatusListSchema, ...errors },
      },
    },
    async (request) => putStatuses(db, callerOf(request), request.body),
  );

  app.put(
    '/api/files/:id/status',
    {
      schema: {
        ...doc,
        summary: 'Set a file’s status, with an optional note',
        description:
          'A published file: `status` is a key of `GET statuses` (another, or another firm’s, answers 400 ' +
          '`status.unknown`); the status and note show on the file’s row and in its history ("Status changed"). ' +
          'When a client sets it, the firm’s staff are mailed (one mail per site for the changes within ' +
          'NOTIFY_BATCH_SECONDS). A submitted file: staff only (a client gets 403 `auth.staff_only`), one of ' +
          'received, in_review, accepted, rejected — the review of submissions: `rejected` needs a note (400 ' +
          '`submissions.note_required`) and the client who submitted it is mailed. Setting the same status and ' +
          `note again changes nothing.${fileActionNote('files.setStatus')}`,
        params: FileParamsSchema,
        body: SetFileStatusBodySchema,
        response: { 204: Type.Null({ description: 'Set.' }), ...errors },
      },
    },
    async (request, reply) => {
      await setFileStatus(db, callerOf(request), request.params.id, request.body, notify);
      return reply.code(204).send(null);
    },
  );
};
