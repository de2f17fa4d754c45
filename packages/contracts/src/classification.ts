import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { SiteIdSchema } from './sites.ts';

/**
 * The file workspace, part 2 (issue 27, decision 54): what a file is classified by — a status (published files;
 * submitted files keep their review status), one assignee, any number of tags, one category, one project — and
 * the filters every file list takes over them. The endpoints' bodies are in file-workflow.ts.
 */

/* @__NO_SIDE_EFFECTS__ */
const uuid = (description: string) => Type.String({ format: 'uuid', description });
/* @__NO_SIDE_EFFECTS__ */
const nullable = <T extends ReturnType<typeof Type.Object>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

/** A name people give a tag, category, project or status: not blank, no control characters. */
/* @__NO_SIDE_EFFECTS__ */
const labelSchema = (maxLength: number, description: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$', description });

// ---- Statuses of published files -------------------------------------------------------------------------------

/** A status key: what the API sends (`status`), stable while its name changes. */
export const FileStatusKeySchema = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,39}$',
  examples: ['for_review'],
  description: 'A status key of the tenant’s list (`GET statuses`).',
});

/** The statuses a new firm starts with; staff edit the list. */
export const DEFAULT_FILE_STATUSES = [
  { key: 'for_review', name: 'For review' },
  { key: 'approved', name: 'Approved' },
  { key: 'changes_requested', name: 'Changes requested' },
] as const;

/** Statuses a tenant's list holds at most. */
export const MAX_FILE_STATUSES = 20;

export const FileStatusSchema = Type.Object(
  {
    key: FileStatusKeySchema,
    name: labelSchema(60, 'What people read.'),
    fileCount: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'Staff only: how many live published files have this status (removing the status clears it from them).',
      }),
    ),
  },
  { $id: 'FileStatus', additionalProperties: false },
);
export type FileStatus = Static<typeof FileStatusSchema>;

export const FileStatusListSchema = Type.Object(
  {
    records: Type.Array(FileStatusSchema, {
      maxItems: MAX_FILE_STATUSES,
      description: 'The tenant’s statuses of published files, in the order shown.',
    }),
  },
  { $id: 'FileStatusList', additionalProperties: false },
);
export type FileStatusList = Static<typeof FileStatusListSchema>;

// ---- Tags, categories, projects -------------------------------------------------------------------------------

export const TagIdSchema = uuid('A tag id.');
export const CategoryIdSchema = uuid('A category id.');
export const ProjectIdSchema = uuid('A project id.');

/** `#rrggbb`, lower-case. */
export const TagColorSchema = Type.String({
  pattern: '^#[0-9a-f]{6}$',
  examples: ['#1677ff'],
  description: 'The tag’s colour, `#rrggbb` lower-case.',
});

export const TagSchema = Type.Object(
  {
    id: TagIdSchema,
    name: labelSchema(50, 'Unique in the tenant, ignoring case.'),
    color: TagColorSchema,
    fileCount: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Live files carrying it (the trash not counted): only with `counts=true`, staff only.',
      }),
    ),
  },
  { $id: 'Tag' },
);
export type Tag = Static<typeof TagSchema>;

export const TagListSchema = Type.Object({ records: Type.Array(TagSchema) }, { $id: 'TagList' });
export type TagList = Static<typeof TagListSchema>;

export const TagsQuerySchema = Type.Object(
  {
    counts: Type.Optional(
      Type.Boolean({
        description: 'Staff only (a client gets 403 `auth.staff_only`): each tag’s `fileCount`.',
      }),
    ),
  },
  { $id: 'TagsQuery', additionalProperties: false },
);
export type TagsQuery = Static<typeof TagsQuerySchema>;

/** The palette both front ends offer for a new tag: each colour has a name, so colour is never the only cue. */
export const TAG_PALETTE = [
  { color: '#1d4ed8', name: 'Blue' },
  { color: '#047857', name: 'Green' },
  { color: '#b45309', name: 'Amber' },
  { color: '#b91c1c', name: 'Red' },
  { color: '#7e22ce', name: 'Purple' },
  { color: '#be185d', name: 'Pink' },
  { color: '#0e7490', name: 'Teal' },
  { color: '#4b5563', name: 'Grey' },
] as const;

/** The categories (document types) a new firm starts with; staff edit them. */
export const DEFAULT_CATEGORIES = [
  'Tax return',
  'Bank statement',
  'Invoice',
  'ID document',
  'Other',
] as const;

export const CategorySchema = Type.Object(
  { id: CategoryIdSchema, name: labelSchema(60, 'Unique in the tenant, ignoring case.') },
  { $id: 'Category' },
);
export type Category = Static<typeof CategorySchema>;

export const CategoryListSchema = Type.Object(
  { records: Type.Array(CategorySchema) },
  { $id: 'CategoryList' },
);
export type CategoryList = Static<typeof CategoryListSchema>;

export const PROJECT_STATUSES = ['open', 'closed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const ProjectSchema = Type.Object(
  {
    id: ProjectIdSchema,
    siteId: SiteIdSchema,
    name: labelSchema(100, 'Unique in its site, ignoring case.'),
    status: Type.Enum(PROJECT_STATUSES, { description: 'A closed project takes no new files.' }),
  },
  { $id: 'Project' },
);
export type Project = Static<typeof ProjectSchema>;

export const ProjectListSchema = Type.Object({ records: Type.Array(ProjectSchema) }, { $id: 'ProjectList' });
export type ProjectList = Static<typeof ProjectListSchema>;

// ---- What every file record carries ---------------------------------------------------------------------------

/* @__NO_SIDE_EFFECTS__ */
const NamedRefSchema = (id: ReturnType<typeof uuid>) =>
  Type.Object({ id, name: Type.String() }, { additionalProperties: false });

/** A person a file is handed to (staff of the firm, or a member client of its site), as the firm knows them. */
export const AssigneeSchema = Type.Object(
  {
    userId: uuid('Their user id: "Assigned to me" is the caller’s own.'),
    name: Type.String({ description: 'As the firm knows them.' }),
    dueDate: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
      description: 'The day it is due (`YYYY-MM-DD`), when the assignment named one.',
    }),
  },
  { additionalProperties: false },
);
export type Assignee = Static<typeof AssigneeSchema>;

/** The classification of a file, in every record of a file (lists, staff lists, "Assigned to me"). */
export const fileClassificationProperties = {
  tags: Type.Array(Type.Object({ id: TagIdSchema, name: Type.String(), color: TagColorSchema }), {
    description: 'Its tags, by name.',
  }),
  category: nullable(NamedRefSchema(CategoryIdSchema), 'Its category (document type), or null.'),
  project: nullable(NamedRefSchema(ProjectIdSchema), 'The project of its site it belongs to, or null.'),
  assignee: nullable(AssigneeSchema, 'Who it is assigned to, or null.'),
};

/** What a published file adds: its status and, when a client published it, who (issue 27 items 1 and 9). */
export const publishedClassificationProperties = {
  status: Type.Union([FileStatusKeySchema, Type.Null()], {
    description: 'Its status, a key of `GET statuses`; null until someone sets one.',
  }),
  statusName: Type.Union([Type.String(), Type.Null()], { description: 'The status as people read it.' }),
  statusNote: Type.Union([Type.String(), Type.Null()], { description: 'The note given with the status.' }),
  publishedBy: nullable(
    Type.Object(
      {
        name: Type.String(),
        userId: Type.String({
          format: 'uuid',
          description: 'Theirs: the page offers "Take back" on one’s own.',
        }),
      },
      { additionalProperties: false },
    ),
    'The client who published it to the site (client publishing); null when the firm published it.',
  ),
};

/** The filters every list of files takes over the classification (a file must match all given). */
export const classificationFilterProperties = {
  tagId: Type.Optional(
    Type.Array(TagIdSchema, {
      maxItems: 10,
      description: 'Only files carrying every one of these tags (repeat the parameter: `tagId=…&tagId=…`).',
    }),
  ),
  categoryId: Type.Optional(CategoryIdSchema),
  projectId: Type.Optional(ProjectIdSchema),
  assigneeId: Type.Optional(uuid('Only files assigned to this person.')),
};

/** The published files' status filter: any of these keys of the tenant's list. */
export const fileStatusFilterProperty = {
  status: Type.Optional(
    Type.Array(FileStatusKeySchema, {
      maxItems: MAX_FILE_STATUSES,
      description: 'Any of these statuses (repeat the parameter: `status=for_review&status=approved`).',
    }),
  ),
};

export const ClassificationParamsSchema = Type.Object({ tenant: TenantCodeSchema, id: uuid('Its id.') });
export type ClassificationParams = Static<typeof ClassificationParamsSchema>;

/** A file nobody has classified yet: what a new file's record carries (and what test fixtures spread). */
export const UNCLASSIFIED: { tags: Tag[]; category: null; project: null; assignee: null } = {
  tags: [],
  category: null,
  project: null,
  assignee: null,
};
/** A published file with no status, published by the firm. */
export const UNCLASSIFIED_PUBLISHED = {
  ...UNCLASSIFIED,
  status: null,
  statusName: null,
  statusNote: null,
  publishedBy: null,
};
