import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';

/**
 * Kinds of notification mail a person can turn off, per firm, on the Notifications page or with the unsubscribe
 * link every such mail carries. `audience` says who receives the kind: clients (members of a site) or the firm's
 * staff. A mail whose kind is not listed here (an invitation, a password reset: `account`) is always sent and
 * carries no unsubscribe link. To add a kind, add it here; the server's mail templates name their kind.
 */
export const NOTIFICATION_KINDS = {
  files_published: {
    audience: 'client',
    label: 'New files published to my site',
    description: 'One mail for the files published within a few minutes.',
  },
  submission_status: {
    audience: 'client',
    label: 'The firm changed the status of a file I submitted',
    description: 'With the note the firm wrote.',
  },
  files_submitted: {
    audience: 'staff',
    label: 'A client submitted files',
    description: 'One mail per site for the files submitted within a few minutes.',
  },
  file_status_changed: {
    audience: 'staff',
    label: 'A client changed the status of a file',
    description:
      'With the new status and the client’s note; one mail per site for the changes within a few minutes.',
  },
  request_reminders: {
    audience: 'client',
    label: 'Reminders of documents the firm asked me for',
    description: 'Before the due date, then while the request is overdue.',
  },
  request_updates: {
    audience: 'client',
    label: 'The firm asked me for documents or reviewed what I sent',
    description:
      'When the firm asks for documents (with the list and the due date), when an item is rejected (with the firm’s note) and when a request is complete.',
  },
} as const satisfies Record<string, { audience: 'client' | 'staff'; label: string; description: string }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
/* @__NO_SIDE_EFFECTS__ */
export const isNotificationKind = (kind: string): kind is NotificationKind =>
  Object.hasOwn(NOTIFICATION_KINDS, kind);

/** Kind names as data: lower-case letters and `_` (mail_outbox.kind, mail_opt_outs.kind). */
export const MailKindSchema = Type.String({ pattern: '^[a-z][a-z_]{0,63}$', examples: ['files_published'] });

export const NotificationPreferenceSchema = Type.Object(
  {
    kind: MailKindSchema,
    label: Type.String(),
    description: Type.String(),
    enabled: Type.Boolean({ description: 'Whether mails of this kind are sent to the caller.' }),
  },
  { $id: 'NotificationPreference' },
);
export type NotificationPreference = Static<typeof NotificationPreferenceSchema>;

export const NotificationPreferencesSchema = Type.Object(
  {
    preferences: Type.Array(NotificationPreferenceSchema, {
      description:
        'The kinds the caller can receive in this tenant: as a client of a site, as staff, or both.',
    }),
  },
  { $id: 'NotificationPreferences' },
);
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

export const SetNotificationPreferenceBodySchema = Type.Object(
  {
    kind: MailKindSchema,
    enabled: Type.Unsafe<boolean>({ enum: [true, false], description: 'true to receive, false to stop.' }),
  },
  { $id: 'SetNotificationPreferenceBody', additionalProperties: false },
);
export type SetNotificationPreferenceBody = Static<typeof SetNotificationPreferenceBodySchema>;

/** What an unsubscribe link carries (`/mail/unsubscribe?…`): the tenant, the person, the kind and their signature. */
export const UnsubscribeQuerySchema = Type.Object(
  {
    tenant: TenantCodeSchema,
    user: Type.String({ format: 'uuid' }),
    kind: MailKindSchema,
    sig: Type.String({
      pattern: '^[A-Za-z0-9_-]{43}$',
      description: 'HMAC-SHA256 of the other three, base64url.',
    }),
  },
  { $id: 'UnsubscribeQuery', additionalProperties: false },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuerySchema>;
