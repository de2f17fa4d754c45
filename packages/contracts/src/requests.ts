import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { dateOnlySchema } from './files.ts';
import { SiteIdSchema } from './sites.ts';
import { multiLineTextSchema, nonBlankTextSchema } from './staff/common.ts';
import { ReferenceNumberSchema } from './uploads.ts';

/** Where an item of a document request is; `open` is the start (requests/request-states.ts on the server). */
export const REQUEST_ITEM_STATUSES = ['open', 'received', 'accepted', 'rejected', 'not_applicable'] as const;
export type RequestItemStatus = (typeof REQUEST_ITEM_STATUSES)[number];

export const REQUEST_ITEM_STATUS_LABELS: Record<RequestItemStatus, string> = {
  open: 'Open',
  received: 'Received',
  accepted: 'Accepted',
  rejected: 'Rejected',
  not_applicable: 'Not applicable',
};

/** A request is open until every required item is accepted (completed) or the firm withdraws it (cancelled). */
export const REQUEST_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** What a person may do to an item: the client's three, then the firm's two. */
export const REQUEST_ITEM_ACTIONS = ['upload', 'markNotApplicable', 'reopen', 'accept', 'reject'] as const;
export type RequestItemAction = (typeof REQUEST_ITEM_ACTIONS)[number];

/** Audit actions of document requests (audit_events.action). */
export const REQUEST_AUDIT_ACTIONS = {
  create: 'request.create',
  cancel: 'request.cancel',
  complete: 'request.complete',
  itemUpload: 'request.item_upload',
  itemNotApplicable: 'request.item_not_applicable',
  itemReopen: 'request.item_reopen',
  itemAccept: 'request.item_accept',
  itemReject: 'request.item_reject',
  reminder: 'request.reminder',
  templateSave: 'request.template_save',
  templateDelete: 'request.template_delete',
  reminderSettings: 'request.reminder_settings',
} as const;

export const MAX_REQUEST_ITEMS = 50;

export const RequestIdSchema = Type.String({ format: 'uuid', description: 'A document request id.' });
export const RequestItemIdSchema = Type.String({
  format: 'uuid',
  description: 'An item of a document request.',
});

export const RequestParamsSchema = Type.Object({ tenant: TenantCodeSchema, requestId: RequestIdSchema });
export type RequestParams = Static<typeof RequestParamsSchema>;
export const RequestItemParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  requestId: RequestIdSchema,
  itemId: RequestItemIdSchema,
});
export type RequestItemParams = Static<typeof RequestItemParamsSchema>;

/** An item as the firm writes it (in a request or a template). */
export const RequestItemInputSchema = Type.Object(
  {
    name: nonBlankTextSchema(200, 'What is asked for: "P60 for 2025".'),
    description: Type.Optional(multiLineTextSchema(2000, 'More about it, shown under the name.')),
    required: Type.Boolean({ description: 'A required item must be accepted before the request completes.' }),
    multiple: Type.Boolean({ description: 'Several files may be sent for it (otherwise one file).' }),
  },
  { $id: 'RequestItemInput', additionalProperties: false },
);
export type RequestItemInput = Static<typeof RequestItemInputSchema>;

export const RequestItemSchema = Type.Object(
  {
    id: RequestItemIdSchema,
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    required: Type.Boolean(),
    multiple: Type.Boolean(),
    status: Type.Enum(REQUEST_ITEM_STATUSES),
    staffNote: Type.Union([Type.String(), Type.Null()], { description: 'Why the firm rejected it.' }),
    clientComment: Type.Union([Type.String(), Type.Null()], {
      description: 'Why the client marked it not applicable.',
    }),
    files: Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        title: Type.String(),
        fileName: Type.String({ description: 'Show it escaped.' }),
        size: Type.Integer({ minimum: 0 }),
        createdAt: Type.String({ format: 'date-time' }),
      }),
      { description: 'Submitted Files sent against this item, oldest first.' },
    ),
  },
  { $id: 'RequestItem' },
);
export type RequestItem = Static<typeof RequestItemSchema>;

/** What both the client and the firm read of one request. */
export const DocumentRequestSchema = Type.Object(
  {
    id: RequestIdSchema,
    siteId: SiteIdSchema,
    siteName: Type.String(),
    title: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    dueDate: dateOnlySchema('The day the documents are due.'),
    status: Type.Enum(REQUEST_STATUSES),
    itemsTotal: Type.Integer({ minimum: 0 }),
    itemsReceived: Type.Integer({ minimum: 0, description: 'Items received, accepted or not applicable.' }),
    itemsAccepted: Type.Integer({ minimum: 0 }),
    itemsOpen: Type.Integer({ minimum: 0, description: 'Items waiting for the client (open or rejected).' }),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    items: Type.Array(RequestItemSchema),
  },
  { $id: 'DocumentRequest', description: 'A request for documents, with its checklist.' },
);
export type DocumentRequest = Static<typeof DocumentRequestSchema>;

/** The client's two views of a site's requests: those still asking (`open`), and those done with (`closed`). */
export const SITE_REQUEST_VIEWS = ['open', 'closed'] as const;
export type SiteRequestView = (typeof SITE_REQUEST_VIEWS)[number];

export const SiteRequestsQuerySchema = Type.Object(
  {
    siteId: SiteIdSchema,
    view: Type.Optional(
      Type.Enum(SITE_REQUEST_VIEWS, {
        default: 'open',
        description:
          '`open`: the checklist, earliest due first; `closed`: completed and withdrawn requests, latest first.',
      }),
    ),
  },
  { $id: 'SiteRequestsQuery', additionalProperties: false },
);
export type SiteRequestsQuery = Static<typeof SiteRequestsQuerySchema>;

export const SiteRequestListSchema = Type.Object(
  { records: Type.Array(DocumentRequestSchema), totalRecordCount: Type.Integer({ minimum: 0 }) },
  { $id: 'SiteRequestList', description: "A site's open requests, earliest due first (or its closed ones)." },
);
export type SiteRequestList = Static<typeof SiteRequestListSchema>;

export const OpenRequestItemCountSchema = Type.Object(
  { count: Type.Integer({ minimum: 0, description: 'Items of open requests waiting for the client.' }) },
  { $id: 'OpenRequestItemCount' },
);
export type OpenRequestItemCount = Static<typeof OpenRequestItemCountSchema>;

export const RequestItemFilesBodySchema = Type.Object(
  {
    referenceNumbers: Type.Array(ReferenceNumberSchema, {
      minItems: 1,
      maxItems: 20,
      description: 'Pending uploads (`POST file-storage api/files`) to send against the item.',
    }),
  },
  { $id: 'RequestItemFilesBody', additionalProperties: false },
);
export type RequestItemFilesBody = Static<typeof RequestItemFilesBodySchema>;

export const NotApplicableBodySchema = Type.Object(
  { comment: multiLineTextSchema(2000, 'Why the item does not apply; the firm reads it.') },
  { $id: 'NotApplicableBody', additionalProperties: false },
);
export type NotApplicableBody = Static<typeof NotApplicableBodySchema>;
