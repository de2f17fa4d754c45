import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { dateOnlySchema } from '../files.ts';
import {
  DocumentRequestSchema,
  MAX_REQUEST_ITEMS,
  REQUEST_STATUSES,
  RequestIdSchema,
  RequestItemInputSchema,
} from '../requests.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema, searchTextSchema } from '../sites.ts';
import { multiLineTextSchema, nonBlankTextSchema } from './common.ts';

const requestContent = {
  title: nonBlankTextSchema(200, 'What the request is about: "Personal tax return 2025".'),
  note: Type.Optional(multiLineTextSchema(4000, 'Shown to the client above the checklist.')),
  items: Type.Array(RequestItemInputSchema, { minItems: 1, maxItems: MAX_REQUEST_ITEMS }),
};

export const CreateRequestBodySchema = Type.Object(
  {
    siteIds: Type.Array(SiteIdSchema, {
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
      description: 'One request is created on each site, in one transaction: all or none.',
    }),
    dueDate: dateOnlySchema('The day the documents are due.'),
    templateId: Type.Optional(Type.String({ format: 'uuid', description: 'The template it was made from.' })),
    ...requestContent,
  },
  { $id: 'CreateRequestBody', additionalProperties: false },
);
export type CreateRequestBody = Static<typeof CreateRequestBodySchema>;

export const CreatedRequestsSchema = Type.Object(
  { records: Type.Array(DocumentRequestSchema) },
  { $id: 'CreatedRequests' },
);
export type CreatedRequests = Static<typeof CreatedRequestsSchema>;

export const STAFF_REQUEST_DUE_FILTERS = ['overdue', 'week', 'later'] as const;
export type StaffRequestDueFilter = (typeof STAFF_REQUEST_DUE_FILTERS)[number];

export const ApplyRequestTemplateBodySchema = Type.Pick(CreateRequestBodySchema, ['siteIds', 'dueDate'], {
  $id: 'ApplyRequestTemplateBody',
  additionalProperties: false,
});
export type ApplyRequestTemplateBody = Static<typeof ApplyRequestTemplateBodySchema>;

export const StaffRequestsQuerySchema = Type.Object(
  {
    siteId: Type.Optional(SiteIdSchema),
    status: Type.Optional(Type.Enum(REQUEST_STATUSES, { default: 'open' })),
    dueBefore: Type.Optional(dateOnlySchema('Last due day (inclusive).')),
    dueAfter: Type.Optional(dateOnlySchema('First due day (inclusive).')),
    search: Type.Optional(searchTextSchema('the title or the site name')),
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
  },
  { $id: 'StaffRequestsQuery', additionalProperties: false },
);
export type StaffRequestsQuery = Static<typeof StaffRequestsQuerySchema>;

/** A row of the staff's list: the request without its items, with its progress. */
export const StaffRequestSummarySchema = Type.Omit(DocumentRequestSchema, ['items'], {
  $id: 'StaffRequestSummary',
});
export type StaffRequestSummary = Static<typeof StaffRequestSummarySchema>;

export const StaffRequestListSchema = Type.Object(
  {
    records: Type.Array(StaffRequestSummarySchema),
    totalRecordCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'StaffRequestList', description: 'Requests across the firm, earliest due (overdue) first.' },
);
export type StaffRequestList = Static<typeof StaffRequestListSchema>;

export const ReviewItemBodySchema = Type.Object(
  {
    decision: Type.Enum(['accept', 'reject'] as const),
    note: Type.Optional(multiLineTextSchema(2000, 'Shown to the client; required to reject.')),
  },
  { $id: 'ReviewItemBody', additionalProperties: false },
);
export type ReviewItemBody = Static<typeof ReviewItemBodySchema>;

export const RequestTemplateIdSchema = Type.String({ format: 'uuid', description: 'A request template.' });
export const RequestTemplateParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  templateId: RequestTemplateIdSchema,
});

export const SaveRequestTemplateBodySchema = Type.Object(
  { name: nonBlankTextSchema(200, 'How staff find it: "Personal tax return 2025".'), ...requestContent },
  { $id: 'SaveRequestTemplateBody', additionalProperties: false },
);
export type SaveRequestTemplateBody = Static<typeof SaveRequestTemplateBodySchema>;

export const RequestTemplateSchema = Type.Object(
  {
    id: RequestTemplateIdSchema,
    name: Type.String(),
    title: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    items: Type.Array(RequestItemInputSchema),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'RequestTemplate' },
);
export type RequestTemplate = Static<typeof RequestTemplateSchema>;

export const RequestTemplateListSchema = Type.Object(
  { records: Type.Array(RequestTemplateSchema) },
  { $id: 'RequestTemplateList' },
);
export type RequestTemplateList = Static<typeof RequestTemplateListSchema>;

export const ReminderSettingsSchema = Type.Object(
  {
    daysBefore: Type.Integer({
      minimum: 0,
      maximum: 60,
      description: 'Days before the due date; 0 for none.',
    }),
    overdueEveryDays: Type.Integer({
      minimum: 1,
      maximum: 60,
      description: 'Days between overdue reminders.',
    }),
    overdueMax: Type.Integer({ minimum: 0, maximum: 20, description: 'Overdue reminders at most.' }),
  },
  { $id: 'ReminderSettings', additionalProperties: false },
);
export type ReminderSettings = Static<typeof ReminderSettingsSchema>;

export const SentReminderSchema = Type.Object(
  { requestId: RequestIdSchema, step: Type.String(), sentAt: Type.String({ format: 'date-time' }) },
  { $id: 'SentReminder' },
);
export type SentReminder = Static<typeof SentReminderSchema>;
