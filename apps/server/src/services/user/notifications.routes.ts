import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  NotificationPreferencesSchema,
  SetNotificationPreferenceBodySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import {
  getNotificationPreferences,
  setNotificationPreference,
} from '../../mail/mail-preferences.usecases.ts';

const doc = { tags: ['user'], security: [{ bearer: [] }] };

/** The Notifications page of the portal and of the control panel: which mails the caller gets from this firm. */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/notification-preferences',
    {
      schema: {
        ...doc,
        summary: 'Which kinds of mail the caller receives from this firm',
        description:
          'One entry per kind the caller can receive here: as a client of a site, as staff, or both. Every ' +
          'kind is on until turned off (here, or with the unsubscribe link of a mail).',
        params: TenantParamsSchema,
        response: { 200: NotificationPreferencesSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => getNotificationPreferences(db, callerOf(request)),
  );

  app.put(
    '/api/notification-preferences',
    {
      schema: {
        ...doc,
        summary: 'Turn one kind of mail on or off',
        description:
          'Answers all the caller’s preferences afterwards. A kind the caller cannot receive here answers 404 ' +
          '`notifications.unknown_kind`.',
        params: TenantParamsSchema,
        body: SetNotificationPreferenceBodySchema,
        response: { 200: NotificationPreferencesSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => setNotificationPreference(db, callerOf(request), request.body),
  );
};
