import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { FileIdSchema } from './files.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema } from './sites.ts';
import { MAX_FILE_NAME_LENGTH } from './uploads.ts';

/**
 * Rename, move, copy and delete of a site's files, and the site's trash (issue 26, decisions 46 and 48). A file's
 * "name" is its file name (`fileName`: what a download saves, with its extension); its title follows a rename when
 * it was the file name, and a title people gave it stays.
 */

/** Audit actions of these changes (audit_events.action), each recorded with the file's id. */
export const FILE_ACTION_AUDIT_ACTIONS = {
  rename: 'file.rename',
  move: 'file.move',
  copy: 'file.copy',
  delete: 'file.delete',
  restore: 'file.restore',
  purge: 'file.purge',
  folderRestore: 'folder.restore',
  folderPurge: 'folder.purge',
} as const;

/**
 * A 409 `name.taken` names a free name for the same place in its `details`: `[{ path: 'suggestedName', message:
 * 'name (2).pdf' }]`, which a page offers as it is.
 */
export const SUGGESTED_NAME_PATH = 'suggestedName';

export const FileNameSchema = Type.String({
  minLength: 1,
  maxLength: MAX_FILE_NAME_LENGTH,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
  description:
    'The file name (what a download saves), extension included; not blank, no control characters. Unique, ignoring case, among the live files of its direction in its folder.',
});

/* @__NO_SIDE_EFFECTS__ */
const FolderRefSchema = (description: string) =>
  Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description });

export const UpdateFileBodySchema = Type.Object(
  {
    name: Type.Optional(FileNameSchema),
    folderId: Type.Optional(
      FolderRefSchema("The folder to move it to, of the file's own site; null for the site's root."),
    ),
  },
  { $id: 'UpdateFileBody', additionalProperties: false, minProperties: 1 },
);
export type UpdateFileBody = Static<typeof UpdateFileBodySchema>;

export const UpdatedFileSchema = Type.Object(
  {
    id: FileIdSchema,
    title: Type.String({ description: 'Shown in the lists.' }),
    fileName: Type.String(),
    folderId: FolderRefSchema("Where it sits now; null for the site's root."),
  },
  { $id: 'UpdatedFile', description: 'A file as a rename or move left it.' },
);
export type UpdatedFile = Static<typeof UpdatedFileSchema>;

export const CopyFileBodySchema = Type.Object(
  {
    folderId: FolderRefSchema("The folder the copy goes to, of the file's own site; null for the root."),
    name: Type.Optional(FileNameSchema),
  },
  { $id: 'CopyFileBody', additionalProperties: false },
);
export type CopyFileBody = Static<typeof CopyFileBodySchema>;

export const CopiedFileSchema = Type.Object(
  { id: FileIdSchema },
  { $id: 'CopiedFile', description: 'The new file: the same bytes, its own id and history.' },
);
export type CopiedFile = Static<typeof CopiedFileSchema>;

export const TrashQuerySchema = Type.Object(
  { siteId: SiteIdSchema, limit: Type.Optional(PageLimitSchema), offset: Type.Optional(PageOffsetSchema) },
  { $id: 'TrashQuery', additionalProperties: false },
);
export type TrashQuery = Static<typeof TrashQuerySchema>;

/** `trash/{id}`: a file or folder someone deleted. */
export const TrashItemParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  id: Type.String({ format: 'uuid', description: 'The id of the deleted file or folder.' }),
});

export const TRASH_ITEM_KINDS = ['file', 'folder'] as const;
export type TrashItemKind = (typeof TRASH_ITEM_KINDS)[number];

export const TrashItemSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The file or folder id; `trash/{id}` takes it.' }),
    kind: Type.Enum(TRASH_ITEM_KINDS),
    name: Type.String({ description: 'The file name, or the folder name.' }),
    title: Type.Union([Type.String(), Type.Null()], { description: "A file's title; null for a folder." }),
    direction: Type.Union([Type.Enum(['published', 'submitted']), Type.Null()], {
      description: 'Published or Submitted Files; null for a folder (shared by both).',
    }),
    size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "A file's bytes." }),
    folderId: FolderRefSchema('Where it was: the folder (the parent of a folder); null for the root.'),
    itemCount: Type.Integer({
      minimum: 0,
      description: 'Files and folders that went to the trash with a folder (0 for a file).',
    }),
    deletedAt: Type.String({ format: 'date-time' }),
    deletedBy: Type.Union([Type.String(), Type.Null()], {
      description: 'Who deleted it, as the firm knows them; null when unknown.',
    }),
  },
  { $id: 'TrashItem', description: 'Something someone deleted, with what went with it.' },
);
export type TrashItem = Static<typeof TrashItemSchema>;

export const TrashListSchema = Type.Object(
  { records: Type.Array(TrashItemSchema), totalRecordCount: Type.Integer({ minimum: 0 }) },
  { $id: 'TrashList' },
);
export type TrashList = Static<typeof TrashListSchema>;

export const RestoredItemSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.Enum(TRASH_ITEM_KINDS),
    name: Type.String({ description: 'Its name now: " (2)" added when its old name was taken there.' }),
    folderId: FolderRefSchema('Where it is back: its old folder (parent), or the root if that is gone.'),
    renamed: Type.Boolean({ description: 'True when its old name was taken and it came back renamed.' }),
    itemCount: Type.Integer({ minimum: 0, description: 'Files and folders that came back with a folder.' }),
  },
  { $id: 'RestoredItem' },
);
export type RestoredItem = Static<typeof RestoredItemSchema>;
