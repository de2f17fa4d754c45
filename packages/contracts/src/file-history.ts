import { type Static, Type } from 'typebox';
import { fileClassificationProperties } from './classification.ts';
import { CheckedOutBySchema, FILE_AUDIT_ACTIONS, FileIdSchema } from './files.ts';
import { REQUEST_AUDIT_ACTIONS } from './requests.ts';
import { SCAN_AUDIT_ACTIONS } from './scanning.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema } from './sites.ts';
import { STAFF_AUDIT_ACTIONS } from './staff/audit.ts';

/**
 * A file's history, check-out and properties (issue 26, items 5 and 6; decision 50). History is the audit log read
 * by file (decision 46): every event that names the file, newest first, each with one label from the table below,
 * so the portal and the control panel say the same words.
 */

/** Audit actions of check-out (audit_events.action): out, in, a forced check-in, a check-out that ran out. */
export const CHECKOUT_AUDIT_ACTIONS = {
  checkOut: 'file.checkout',
  checkIn: 'file.checkin',
  forcedCheckIn: 'file.checkin_forced',
  expired: 'file.checkout_expired',
} as const;

/** The kinds of a check-out history's entries, by audit action. */
export const CHECKOUT_EVENT_KINDS = ['out', 'in', 'forced', 'expired'] as const;
export type CheckoutEventKind = (typeof CHECKOUT_EVENT_KINDS)[number];
export const CHECKOUT_EVENT_KIND_OF: Record<string, CheckoutEventKind> = {
  [CHECKOUT_AUDIT_ACTIONS.checkOut]: 'out',
  [CHECKOUT_AUDIT_ACTIONS.checkIn]: 'in',
  [CHECKOUT_AUDIT_ACTIONS.forcedCheckIn]: 'forced',
  [CHECKOUT_AUDIT_ACTIONS.expired]: 'expired',
};

/**
 * What a file's history calls each action: one table for both front ends (and the API, which sends the label with
 * each event). The workspace's own actions (rename, move, copy, versions, trash) are named here by the actions
 * their branches record; an action missing from the table reads as `fileHistoryLabel` says.
 */
export const FILE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  [FILE_AUDIT_ACTIONS.submit]: 'Uploaded',
  [STAFF_AUDIT_ACTIONS.filePublish]: 'Published',
  [STAFF_AUDIT_ACTIONS.fileUnpublish]: 'Unpublished',
  [FILE_AUDIT_ACTIONS.download]: 'Downloaded',
  [FILE_AUDIT_ACTIONS.preview]: 'Opened in the viewer',
  [STAFF_AUDIT_ACTIONS.fileStatus]: 'Status changed',
  [REQUEST_AUDIT_ACTIONS.itemUpload]: 'Sent for a request',
  [SCAN_AUDIT_ACTIONS.quarantine]: 'Quarantined by the virus scanner',
  'file.rename': 'Renamed',
  'file.move': 'Moved',
  'file.copy': 'Copied',
  'file.copied_from': 'Copied from another file',
  'file.version': 'New version',
  'file.version_restore': 'Old version made current',
  'file.delete': 'Moved to the trash',
  'file.restore': 'Restored from the trash',
  [CHECKOUT_AUDIT_ACTIONS.checkOut]: 'Checked out',
  [CHECKOUT_AUDIT_ACTIONS.checkIn]: 'Checked in',
  [CHECKOUT_AUDIT_ACTIONS.forcedCheckIn]: 'Check-in forced',
  [CHECKOUT_AUDIT_ACTIONS.expired]: 'Check-out ran out',
  'file.tag': 'Tagged',
  'file.untag': 'Untagged',
  'file.categorize': 'Category changed',
  'file.project': 'Project changed',
  // The lists themselves (not events of one file; named here so every audit reader says the same words).
  'category.create': 'Category created',
  'category.update': 'Category renamed',
  'category.delete': 'Category removed',
  'project.create': 'Project created',
  'project.update': 'Project changed',
  'file.client_publish': 'Published by the client',
  'file.client_unpublish': 'Returned to submitted files',
  'file.assign': 'Assignee changed',
};

/** The label of an action: the table's, or the action's own words (`file.some_thing` → "Some thing"). */
export function fileHistoryLabel(action: string): string {
  const known = FILE_HISTORY_LABELS[action];
  if (known) return known;
  const last = action.split('.').pop() ?? action;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/* @__NO_SIDE_EFFECTS__ */
const pageQuery = ($id: string) =>
  Type.Object(
    { limit: Type.Optional(PageLimitSchema), offset: Type.Optional(PageOffsetSchema) },
    { $id, additionalProperties: false },
  );

/** A person as this firm knows them. */
const ActorSchema = Type.Object({ name: Type.String({ description: 'As this firm knows them.' }) });
const ByWhomSchema = Type.Union([ActorSchema, Type.Null()], {
  description: 'Who did it, as this firm knows them; null for the server (or an account since removed).',
});

export const FileHistoryQuerySchema = pageQuery('FileHistoryQuery');
export type FileHistoryQuery = Static<typeof FileHistoryQuerySchema>;

export const FileHistoryEventSchema = Type.Object(
  {
    id: Type.String({ description: 'Opaque; increases with time.' }),
    occurredAt: Type.String({ format: 'date-time' }),
    action: Type.String({ examples: ['file.download'], description: 'The audit action.' }),
    label: Type.String({ examples: ['Downloaded'], description: 'What to show: FILE_HISTORY_LABELS.' }),
    by: ByWhomSchema,
  },
  { $id: 'FileHistoryEvent', description: 'One thing that happened to a file.' },
);
export type FileHistoryEvent = Static<typeof FileHistoryEventSchema>;

export const FileHistorySchema = Type.Object(
  {
    records: Type.Array(FileHistoryEventSchema, { description: 'Newest first.' }),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Events of the file across all pages.' }),
  },
  { $id: 'FileHistory' },
);
export type FileHistory = Static<typeof FileHistorySchema>;

export const CheckinQuerySchema = Type.Object(
  {
    force: Type.Optional(
      Type.Boolean({
        description:
          "Staff only: check in someone else's check-out (a forced check-in). A client gets 403 `auth.staff_only`.",
      }),
    ),
  },
  { $id: 'CheckinQuery', additionalProperties: false },
);
export type CheckinQuery = Static<typeof CheckinQuerySchema>;

export const FileCheckoutSchema = Type.Object(
  { fileId: FileIdSchema, checkedOutBy: CheckedOutBySchema },
  { $id: 'FileCheckout', description: 'The file’s check-out after the call.' },
);
export type FileCheckout = Static<typeof FileCheckoutSchema>;

export const CheckoutHistoryQuerySchema = pageQuery('CheckoutHistoryQuery');
export type CheckoutHistoryQuery = Static<typeof CheckoutHistoryQuerySchema>;

export const CheckoutEventSchema = Type.Object(
  {
    id: Type.String({ description: 'Opaque; increases with time.' }),
    kind: Type.Enum(CHECKOUT_EVENT_KINDS, {
      description: '`out`, `in`, `forced` (staff checked in someone else’s) or `expired` (it ran out).',
    }),
    label: Type.String({ examples: ['Checked out'] }),
    occurredAt: Type.String({ format: 'date-time' }),
    by: ByWhomSchema,
    holder: Type.Union([ActorSchema, Type.Null()], {
      description: 'Whose check-out ended, for `forced` and `expired`; null otherwise.',
    }),
    until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'For `out`: when the check-out was to end by itself.',
    }),
  },
  { $id: 'CheckoutEvent' },
);
export type CheckoutEvent = Static<typeof CheckoutEventSchema>;

export const CheckoutHistorySchema = Type.Object(
  {
    records: Type.Array(CheckoutEventSchema, { description: 'Newest first.' }),
    totalRecordCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'CheckoutHistory' },
);
export type CheckoutHistory = Static<typeof CheckoutHistorySchema>;

const FolderStepSchema = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() });

/**
 * What the Properties view shows. Open for more (part 2 adds status, tags, category, project, assignee): a reader
 * ignores what it does not know.
 */
export const FilePropertiesSchema = Type.Object(
  {
    id: FileIdSchema,
    siteId: SiteIdSchema,
    direction: Type.Union([Type.Literal('published'), Type.Literal('submitted')]),
    title: Type.String(),
    fileName: Type.String({ description: 'The name; show it escaped.' }),
    folder: Type.Object(
      {
        id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
          description: "null: the site's root.",
        }),
        path: Type.Array(FolderStepSchema, {
          description: 'The folders from the root down to it (empty at the root).',
        }),
      },
      { description: 'Where it sits.' },
    ),
    size: Type.Integer({ minimum: 0, description: 'Bytes of the current version.' }),
    contentType: Type.String(),
    sha256: Type.String({ description: 'SHA-256 of the current version, lower-case hex.' }),
    version: Type.Integer({ minimum: 1 }),
    uploadedBy: ByWhomSchema,
    uploadedAt: Type.String({ format: 'date-time', description: 'When the file came in (version 1).' }),
    versionBy: ByWhomSchema,
    versionAt: Type.String({ format: 'date-time', description: 'When the current version came in.' }),
    checkedOutBy: CheckedOutBySchema,
    status: Type.Union([Type.String(), Type.Null()], {
      description:
        'Its status as people read it: the firm’s status of a published file (For review…), the review of a submitted one (Received, Accepted, Rejected); null while a published file has none.',
    }),
    statusNote: Type.Union([Type.String(), Type.Null()], { description: 'The note given with the status.' }),
    ...fileClassificationProperties,
  },
  { $id: 'FileProperties' },
);
export type FileProperties = Static<typeof FilePropertiesSchema>;
