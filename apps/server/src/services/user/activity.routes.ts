import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityListSchema,
  ActivityQuerySchema,
  ActivityUnreadSchema,
  ErrorBodySchema,
  MarkActivityReadBodySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { getActivity, getUnreadActivityCount, readActivity } from '../../mail/activity.usecases.ts';

const doc = { tags: ['user'], security: [{ bearer: [] }], params: TenantParamsSchema };
const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/** The activity feed of the portal and of the control panel (decision 53): the caller's own, in this firm. */
export const activityRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/activity',
    {
      schema: {
        ...doc,
        summary: 'What happened in this firm that concerns the caller, newest first',
        description:
          'Files published to the caller’s sites or submitted to the firm, statuses, document requests and their ' +
          'items, files held by the virus scan: the events that drive the mails, in the mails’ words, whether or ' +
          'not the caller takes that kind of mail. Only the caller’s own items of this firm. Reading a page ' +
          'marks nothing read: `POST activity/read` does.',
        querystring: ActivityQuerySchema,
        response: { 200: ActivityListSchema, ...errors },
      },
    },
    async (request) => getActivity(db, callerOf(request), request.query),
  );

  app.get(
    '/api/activity/unread-count',
    {
      schema: {
        ...doc,
        summary: 'How many of the caller’s activity items are unread (the header’s count)',
        response: { 200: ActivityUnreadSchema, ...errors },
      },
    },
    async (request) => ({ unreadCount: await getUnreadActivityCount(db, callerOf(request)) }),
  );

  app.post(
    '/api/activity/read',
    {
      schema: {
        ...doc,
        summary: 'Mark activity items read',
        description:
          '`{ ids }` marks those of the caller’s items read (ids of anybody else’s items change nothing); ' +
          '`{ all: true }` marks every item of this firm read. Answers the unread count afterwards.',
        body: MarkActivityReadBodySchema,
        response: { 200: ActivityUnreadSchema, ...errors },
      },
    },
    async (request) => ({ unreadCount: await readActivity(db, callerOf(request), request.body) }),
  );
};
