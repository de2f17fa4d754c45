import { type Static, Type } from 'typebox';
import { PageLimitSchema, PageOffsetSchema } from './sites.ts';

/**
 * The activity feed (decision 53): what happened in this firm that concerns the caller — files published or
 * submitted, statuses, requests and their items, files held by the virus scan — newest first. The same events
 * that drive the mails, in the mails' words, whether or not the person takes that kind of mail.
 */
export const ActivityItemIdSchema = Type.String({
  pattern: '^[1-9][0-9]{0,18}$',
  description: 'An item id.',
});

export const ActivityItemSchema = Type.Object(
  {
    id: ActivityItemIdSchema,
    title: Type.String({ description: 'What happened, in one line (the mail’s heading).' }),
    detail: Type.Union([Type.String(), Type.Null()], {
      description:
        'More of it: the files, the note, the site (the mail’s first lines); null when nothing more.',
    }),
    link: Type.Union([Type.String(), Type.Null()], {
      description: 'Where to look at it: a path of this server (`/publishedFiles?site=…`), or null.',
    }),
    linkLabel: Type.Union([Type.String(), Type.Null()], { description: 'The link’s words.' }),
    createdAt: Type.String({ format: 'date-time' }),
    read: Type.Boolean({ description: 'Whether the caller has seen it.' }),
  },
  { $id: 'ActivityItem', additionalProperties: false },
);
export type ActivityItem = Static<typeof ActivityItemSchema>;

export const ActivityQuerySchema = Type.Object(
  { limit: Type.Optional(PageLimitSchema), offset: Type.Optional(PageOffsetSchema) },
  { $id: 'ActivityQuery', additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuerySchema>;

export const ActivityUnreadSchema = Type.Object(
  { unreadCount: Type.Integer({ minimum: 0, description: 'Items the caller has not seen yet.' }) },
  { $id: 'ActivityUnread' },
);
export type ActivityUnread = Static<typeof ActivityUnreadSchema>;

export const ActivityListSchema = Type.Object(
  {
    records: Type.Array(ActivityItemSchema),
    totalRecordCount: Type.Integer({ minimum: 0 }),
    unreadCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'ActivityList' },
);
export type ActivityList = Static<typeof ActivityListSchema>;

export const MarkActivityReadBodySchema = Type.Union(
  [
    Type.Object(
      { ids: Type.Array(ActivityItemIdSchema, { minItems: 1, maxItems: 100, uniqueItems: true }) },
      { additionalProperties: false },
    ),
    Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
  ],
  {
    $id: 'MarkActivityReadBody',
    description: '`{ ids }` marks those items read; `{ all: true }` every item.',
  },
);
export type MarkActivityReadBody = Static<typeof MarkActivityReadBodySchema>;
