import { type Static, Type } from 'typebox';
import { SORT_ORDERS } from '../files.ts';
import { MailKindSchema } from '../notifications.ts';
import { PageLimitSchema, PageOffsetSchema, searchTextSchema } from '../sites.ts';
import { nullableDateTime } from './common.ts';

/**
 * Where a mail of the outbox is: waiting (`pending`, also between attempts), being sent, sent, given up on
 * (`failed`), or not sent because the recipient turned its kind off meanwhile (`skipped`).
 */
export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent (turned off)',
};

export const StaffMailQuerySchema = Type.Object(
  {
    state: Type.Optional(
      Type.Array(Type.Enum(MAIL_STATES), {
        maxItems: MAIL_STATES.length,
        description: 'Any of these states; repeat the parameter for several (`state=failed&state=pending`).',
      }),
    ),
    search: Type.Optional(searchTextSchema("the recipient's address or the subject")),
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
    sortOrder: Type.Optional(Type.Enum(SORT_ORDERS, { default: 'desc', description: 'By time written.' })),
  },
  { $id: 'StaffMailQuery', additionalProperties: false },
);
export type StaffMailQuery = Static<typeof StaffMailQuerySchema>;

export const StaffMailSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: MailKindSchema,
    template: Type.String(),
    recipient: Type.String({ description: 'The address it goes to.' }),
    subject: Type.Union([Type.String(), Type.Null()], { description: 'Known once it was sent.' }),
    state: Type.Enum(MAIL_STATES),
    attempts: Type.Integer({ minimum: 0 }),
    /** How many events it carries (files published within the batch window make one mail). */
    events: Type.Integer({ minimum: 1 }),
    lastError: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed.' }),
    createdAt: Type.String({ format: 'date-time' }),
    nextAttemptAt: nullableDateTime('When it is (next) due, while pending.'),
    sentAt: nullableDateTime('When the mail server accepted it.'),
  },
  { $id: 'StaffMail', description: 'A mail of the firm in the outbox.' },
);
export type StaffMail = Static<typeof StaffMailSchema>;

export const StaffMailListSchema = Type.Object(
  {
    records: Type.Array(StaffMailSchema),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching mails across all pages.' }),
  },
  { $id: 'StaffMailList' },
);
export type StaffMailList = Static<typeof StaffMailListSchema>;
