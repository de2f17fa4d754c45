import { type Static, Type } from 'typebox';
import {
  CategoryIdSchema,
  FileStatusKeySchema,
  fileClassificationProperties,
  PROJECT_STATUSES,
  ProjectIdSchema,
  TagColorSchema,
  TagIdSchema,
} from './classification.ts';
import { TenantCodeSchema } from './discovery.ts';
import { dateOnlySchema, FileIdSchema, fileWorkspaceProperties, NotScannedSchema } from './files.ts';
import { FolderIdSchema } from './folders.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema } from './sites.ts';

/**
 * The bodies and answers of the file workspace's part 2 (issue 27, decision 54), under
 * `/t/{tenant}/file-management/api/`. Each one-file action answers 204; each bulk action (`POST files/…` with
 * `fileIds`) is one transaction over every file named — all of them or none — and answers how many it changed.
 */

/** Files one bulk action may name at most. */
export const MAX_BULK_FILES = 10_000;
/** The longest note a status or an assignment may carry. */
export const MAX_WORKFLOW_NOTE_LENGTH = 2000;

const NoteSchema = Type.String({
  maxLength: MAX_WORKFLOW_NOTE_LENGTH,
  description: 'An optional note, kept with the change (history, mail).',
});

/* @__NO_SIDE_EFFECTS__ */
const fileIdsSchema = (what: string) =>
  Type.Array(FileIdSchema, {
    minItems: 1,
    maxItems: MAX_BULK_FILES,
    uniqueItems: true,
    description: `${what} Every file must be one the caller may change so, else nothing changes (403/404/409 naming the first refused).`,
  });

/** Audit actions of part 2 (audit_events.action), each recorded with the file's id. */
export const FILE_WORKFLOW_AUDIT_ACTIONS = {
  status: 'file.status',
  assign: 'file.assign',
  tag: 'file.tag',
  untag: 'file.untag',
  categorize: 'file.categorize',
  project: 'file.project',
  clientPublish: 'file.client_publish',
  clientUnpublish: 'file.client_unpublish',
  subscriptions: 'subscriptions.change',
  tagCreate: 'tag.create',
  tagUpdate: 'tag.update',
  tagDelete: 'tag.delete',
  categoryCreate: 'category.create',
  categoryUpdate: 'category.update',
  categoryDelete: 'category.delete',
  projectCreate: 'project.create',
  projectUpdate: 'project.update',
  statusesUpdate: 'statuses.update',
} as const;

/** What a bulk action did. */
export const BulkResultSchema = Type.Object(
  { count: Type.Integer({ minimum: 0, description: 'Files changed.' }) },
  { $id: 'BulkResult' },
);
export type BulkResult = Static<typeof BulkResultSchema>;

// ---- Status (item 1) ------------------------------------------------------------------------------------------

export const SetFileStatusBodySchema = Type.Object(
  {
    status: Type.String({
      minLength: 1,
      maxLength: 40,
      description:
        'A published file: a key of `GET statuses`. A submitted file (staff only): a review status (received, in_review, accepted, rejected).',
    }),
    note: Type.Optional(NoteSchema),
  },
  { $id: 'SetFileStatusBody', additionalProperties: false },
);
export type SetFileStatusBody = Static<typeof SetFileStatusBodySchema>;

export const PutFileStatusesBodySchema = Type.Object(
  {
    records: Type.Array(
      Type.Object(
        {
          key: Type.Optional(FileStatusKeySchema),
          name: Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$' }),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: 20,
        description:
          'The whole list, in order: an entry with a `key` keeps (and renames) that status; one without is new. A status left out is removed and cleared from its files.',
      },
    ),
  },
  { $id: 'PutFileStatusesBody', additionalProperties: false },
);
export type PutFileStatusesBody = Static<typeof PutFileStatusesBodySchema>;

// ---- Assignee and assignment (item 2) -------------------------------------------------------------------------

export const SetAssigneeBodySchema = Type.Object(
  {
    userId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'Staff of the firm or a member client of the file’s site; null clears it.',
    }),
    note: Type.Optional(NoteSchema),
  },
  { $id: 'SetAssigneeBody', additionalProperties: false },
);
export type SetAssigneeBody = Static<typeof SetAssigneeBodySchema>;

export const AssignFilesBodySchema = Type.Object(
  {
    fileIds: fileIdsSchema('The files to hand over.'),
    userId: Type.String({
      format: 'uuid',
      description: 'Staff of the firm or a member client of every file’s site.',
    }),
    note: Type.Optional(NoteSchema),
    dueDate: Type.Optional(dateOnlySchema('The day it is due.')),
  },
  { $id: 'AssignFilesBody', additionalProperties: false },
);
export type AssignFilesBody = Static<typeof AssignFilesBodySchema>;

const PersonRef = Type.Union([Type.Object({ userId: Type.String(), name: Type.String() }), Type.Null()]);

export const FileAssignmentSchema = Type.Object(
  {
    id: Type.String({ description: 'Opaque; increases with time.' }),
    from: PersonRef,
    to: PersonRef,
    by: PersonRef,
    note: Type.Union([Type.String(), Type.Null()]),
    dueDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'FileAssignment' },
);
export type FileAssignment = Static<typeof FileAssignmentSchema>;

export const FileAssignmentListSchema = Type.Object(
  {
    records: Type.Array(FileAssignmentSchema, { description: 'Newest first.' }),
    totalRecordCount: Type.Integer(),
  },
  { $id: 'FileAssignmentList' },
);
export type FileAssignmentList = Static<typeof FileAssignmentListSchema>;

export const FileAssignmentsQuerySchema = Type.Object(
  { limit: Type.Optional(PageLimitSchema), offset: Type.Optional(PageOffsetSchema) },
  { $id: 'FileAssignmentsQuery', additionalProperties: false },
);
export type FileAssignmentsQuery = Static<typeof FileAssignmentsQuerySchema>;

export const AssignedToMeQuerySchema = Type.Object(
  {
    count: Type.Optional(Type.Boolean({ description: 'true answers `{ count }` only (the menu’s badge).' })),
    siteId: Type.Optional(SiteIdSchema),
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
  },
  { $id: 'AssignedToMeQuery', additionalProperties: false },
);
export type AssignedToMeQuery = Static<typeof AssignedToMeQuerySchema>;

export const AssignedFileSchema = Type.Object(
  {
    id: FileIdSchema,
    siteId: SiteIdSchema,
    siteName: Type.String(),
    direction: Type.Union([Type.Literal('published'), Type.Literal('submitted')]),
    title: Type.String(),
    fileName: Type.String(),
    contentType: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    createdAt: Type.String({ format: 'date-time' }),
    assignedAt: Type.String({ format: 'date-time' }),
    notScanned: NotScannedSchema,
    ...fileWorkspaceProperties,
    ...fileClassificationProperties,
  },
  { $id: 'AssignedFile', description: 'A file assigned to the caller.' },
);
export type AssignedFile = Static<typeof AssignedFileSchema>;

/** A page of "Assigned to me": the 200 of `GET files/assigned-to-me` without `count`. */
export const AssignedToMePageSchema = Type.Object({
  records: Type.Array(AssignedFileSchema),
  totalRecordCount: Type.Integer({ minimum: 0 }),
});

export const AssignedToMeSchema = Type.Union(
  [Type.Object({ count: Type.Integer({ minimum: 0 }) }), AssignedToMePageSchema],
  {
    $id: 'AssignedToMe',
    description: 'Oldest due first, then newest assigned; `count=true` answers `{ count }`.',
  },
);
export type AssignedToMe = Static<typeof AssignedToMeSchema>;

export const AssigneesQuerySchema = Type.Object(
  { siteId: SiteIdSchema },
  { $id: 'AssigneesQuery', additionalProperties: false },
);
export type AssigneesQuery = Static<typeof AssigneesQuerySchema>;

export const AssigneeOptionSchema = Type.Object(
  {
    userId: Type.String({ format: 'uuid' }),
    name: Type.String({ description: 'As this firm knows them.' }),
    role: Type.Union([Type.Literal('staff'), Type.Literal('client')]),
  },
  { $id: 'AssigneeOption' },
);
export type AssigneeOption = Static<typeof AssigneeOptionSchema>;

export const AssigneeListSchema = Type.Object(
  {
    records: Type.Array(AssigneeOptionSchema, {
      description: 'The firm’s staff, then the site’s member clients, each by name.',
    }),
  },
  { $id: 'AssigneeList', description: 'Who a file of the site may be assigned to (a people picker).' },
);
export type AssigneeList = Static<typeof AssigneeListSchema>;

// ---- Tags (item 3) -------------------------------------------------------------------------------------------

const TagNameSchema = Type.String({
  minLength: 1,
  maxLength: 50,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
});

export const CreateTagBodySchema = Type.Object(
  {
    name: TagNameSchema,
    color: TagColorSchema,
    siteId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'A client names the site whose `fileAreaManageTags` lets them create tags; staff need not.',
      }),
    ),
  },
  { $id: 'CreateTagBody', additionalProperties: false },
);
export type CreateTagBody = Static<typeof CreateTagBodySchema>;

export const UpdateTagBodySchema = Type.Object(
  { name: Type.Optional(TagNameSchema), color: Type.Optional(TagColorSchema) },
  { $id: 'UpdateTagBody', additionalProperties: false, minProperties: 1 },
);
export type UpdateTagBody = Static<typeof UpdateTagBodySchema>;

export const SetFileTagsBodySchema = Type.Object(
  {
    tagIds: Type.Array(TagIdSchema, {
      maxItems: 50,
      uniqueItems: true,
      description: 'The file’s tags, all of them.',
    }),
  },
  { $id: 'SetFileTagsBody', additionalProperties: false },
);
export type SetFileTagsBody = Static<typeof SetFileTagsBodySchema>;

export const BulkTagBodySchema = Type.Object(
  {
    fileIds: fileIdsSchema('The files to tag or untag.'),
    add: Type.Optional(Type.Array(TagIdSchema, { maxItems: 50, uniqueItems: true })),
    remove: Type.Optional(Type.Array(TagIdSchema, { maxItems: 50, uniqueItems: true })),
  },
  { $id: 'BulkTagBody', additionalProperties: false, minProperties: 2 },
);
export type BulkTagBody = Static<typeof BulkTagBodySchema>;

// ---- Categories (item 4) --------------------------------------------------------------------------------------

const CategoryNameSchema = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
});

export const CreateCategoryBodySchema = Type.Object(
  { name: CategoryNameSchema },
  { $id: 'CreateCategoryBody', additionalProperties: false },
);
export type CreateCategoryBody = Static<typeof CreateCategoryBodySchema>;

export const UpdateCategoryBodySchema = Type.Object(
  { name: CategoryNameSchema },
  { $id: 'UpdateCategoryBody', additionalProperties: false },
);
export type UpdateCategoryBody = Static<typeof UpdateCategoryBodySchema>;

export const SetFileCategoryBodySchema = Type.Object(
  { categoryId: Type.Union([CategoryIdSchema, Type.Null()], { description: 'null clears it.' }) },
  { $id: 'SetFileCategoryBody', additionalProperties: false },
);
export type SetFileCategoryBody = Static<typeof SetFileCategoryBodySchema>;

export const BulkCategoryBodySchema = Type.Object(
  {
    fileIds: fileIdsSchema('The files to categorise.'),
    categoryId: Type.Union([CategoryIdSchema, Type.Null()], { description: 'null clears it.' }),
  },
  { $id: 'BulkCategoryBody', additionalProperties: false },
);
export type BulkCategoryBody = Static<typeof BulkCategoryBodySchema>;

// ---- Projects (item 5) ----------------------------------------------------------------------------------------

const ProjectNameSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
});

export const ProjectsQuerySchema = Type.Object(
  { siteId: SiteIdSchema },
  { $id: 'ProjectsQuery', additionalProperties: false },
);
export type ProjectsQuery = Static<typeof ProjectsQuerySchema>;

export const CreateProjectBodySchema = Type.Object(
  { siteId: SiteIdSchema, name: ProjectNameSchema },
  { $id: 'CreateProjectBody', additionalProperties: false },
);
export type CreateProjectBody = Static<typeof CreateProjectBodySchema>;

export const UpdateProjectBodySchema = Type.Object(
  { name: Type.Optional(ProjectNameSchema), status: Type.Optional(Type.Enum(PROJECT_STATUSES)) },
  { $id: 'UpdateProjectBody', additionalProperties: false, minProperties: 1 },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBodySchema>;

export const SetFileProjectBodySchema = Type.Object(
  {
    projectId: Type.Union([ProjectIdSchema, Type.Null()], {
      description: 'An open project of the file’s own site; null clears it.',
    }),
  },
  { $id: 'SetFileProjectBody', additionalProperties: false },
);
export type SetFileProjectBody = Static<typeof SetFileProjectBodySchema>;

// ---- Subscriptions (item 8) -----------------------------------------------------------------------------------

export const SubscriptionsQuerySchema = Type.Object(
  { siteId: SiteIdSchema },
  { $id: 'SubscriptionsQuery', additionalProperties: false },
);
export type SubscriptionsQuery = Static<typeof SubscriptionsQuerySchema>;

export const SubscriptionsSchema = Type.Object(
  {
    wholeSite: Type.Boolean({ description: 'Mails about new and updated files anywhere in the site.' }),
    folderIds: Type.Array(FolderIdSchema, {
      maxItems: 200,
      uniqueItems: true,
      description: 'Mails about new and updated files in these folders (and below them).',
    }),
  },
  { $id: 'Subscriptions', additionalProperties: false },
);
export type Subscriptions = Static<typeof SubscriptionsSchema>;

/** One subscription of the caller's, as the portal's Notifications page lists them (`GET subscriptions/mine`). */
export const FollowedPlaceSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The subscription.' }),
    siteId: SiteIdSchema,
    siteName: Type.String(),
    folderId: Type.Union([FolderIdSchema, Type.Null()], { description: 'null: the whole site.' }),
    folderName: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'FollowedPlace', additionalProperties: false },
);
export type FollowedPlace = Static<typeof FollowedPlaceSchema>;

export const MySubscriptionsSchema = Type.Object(
  { records: Type.Array(FollowedPlaceSchema) },
  { $id: 'MySubscriptions', additionalProperties: false },
);
export type MySubscriptions = Static<typeof MySubscriptionsSchema>;

export const SubscriptionParamsSchema = Type.Object(
  { tenant: TenantCodeSchema, id: Type.String({ format: 'uuid' }) },
  { $id: 'SubscriptionParams', additionalProperties: false },
);
export type SubscriptionParams = Static<typeof SubscriptionParamsSchema>;

/** Who follows what in a site: the control panel's read-only view (`GET staff/subscriptions?siteId=`). */
export const SiteFollowerSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    user: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), email: Type.String() }),
    folderId: Type.Union([FolderIdSchema, Type.Null()], { description: 'null: the whole site.' }),
    folderName: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'SiteFollower', additionalProperties: false },
);
export type SiteFollower = Static<typeof SiteFollowerSchema>;

export const SiteFollowersSchema = Type.Object(
  { records: Type.Array(SiteFollowerSchema) },
  { $id: 'SiteFollowers', additionalProperties: false },
);
export type SiteFollowers = Static<typeof SiteFollowersSchema>;

/**
 * What the one-click link of a subscription mail carries (`/mail/unfollow?…`): the tenant, the person, the
 * subscription and an HMAC of the three under the server's signing key; no bearer token.
 */
export const UnfollowQuerySchema = Type.Object(
  {
    tenant: TenantCodeSchema,
    user: Type.String({ format: 'uuid' }),
    subscription: Type.String({ format: 'uuid' }),
    sig: Type.String({
      pattern: '^[A-Za-z0-9_-]{43}$',
      description: 'HMAC-SHA256 of the other three, base64url.',
    }),
  },
  { $id: 'UnfollowQuery', additionalProperties: false },
);
export type UnfollowQuery = Static<typeof UnfollowQuerySchema>;

// ---- Client publishing (item 9) -------------------------------------------------------------------------------

export const ClientPublishedFileSchema = Type.Object(
  {
    id: FileIdSchema,
    direction: Type.Union([Type.Literal('published'), Type.Literal('submitted')], {
      description: 'Where the file is now.',
    }),
    publishedBy: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
  },
  { $id: 'ClientPublishedFile' },
);
export type ClientPublishedFile = Static<typeof ClientPublishedFileSchema>;

// ---- Bulk move and delete (item 10) ---------------------------------------------------------------------------

export const BulkMoveBodySchema = Type.Object(
  {
    fileIds: fileIdsSchema('The files to move, all of one site.'),
    folderId: Type.Union([FolderIdSchema, Type.Null()], {
      description: 'A live folder of their site; null for the site’s root.',
    }),
  },
  { $id: 'BulkMoveBody', additionalProperties: false },
);
export type BulkMoveBody = Static<typeof BulkMoveBodySchema>;

export const BulkDeleteBodySchema = Type.Object(
  { fileIds: fileIdsSchema('The files to move to their site’s trash.') },
  { $id: 'BulkDeleteBody', additionalProperties: false },
);
export type BulkDeleteBody = Static<typeof BulkDeleteBodySchema>;
