import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { SiteIdSchema } from './sites.ts';

/**
 * Folders (issue 26, decision 47): one tree per site, shared by Published and Submitted Files. A folder holds only
 * its parent; the root is `parentId: null`.
 */
export const FolderIdSchema = Type.String({ format: 'uuid', description: 'A folder id.' });

/** A folder's name: one path segment (no `/` or `\`, not `.` or `..`), unique among its live siblings. */
export const FolderNameSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!\\.{1,2}$)[^/\\\\\\u0000-\\u001f\\u007f]+$',
  description:
    'One path segment: 1 to 255 characters, no `/`, `\\` or control characters, not `.` or `..`; unique ' +
    '(case-insensitively) among the folders beside it.',
});

export const ParentFolderIdSchema = Type.Union([FolderIdSchema, Type.Null()], {
  description: "The folder it sits in; null for the site's root.",
});

export const FolderSchema = Type.Object(
  { id: FolderIdSchema, name: Type.String(), parentId: ParentFolderIdSchema },
  { $id: 'Folder', description: 'A folder of a site.' },
);
export type Folder = Static<typeof FolderSchema>;

export const FolderListSchema = Type.Object(
  {
    records: Type.Array(FolderSchema, { description: 'Every live folder of the site, by name.' }),
    totalRecordCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'FolderList' },
);
export type FolderList = Static<typeof FolderListSchema>;

export const FoldersQuerySchema = Type.Object(
  { siteId: SiteIdSchema },
  { $id: 'FoldersQuery', additionalProperties: false },
);
export type FoldersQuery = Static<typeof FoldersQuerySchema>;

export const CreateFolderBodySchema = Type.Object(
  { siteId: SiteIdSchema, parentId: Type.Optional(ParentFolderIdSchema), name: FolderNameSchema },
  { $id: 'CreateFolderBody', additionalProperties: false },
);
export type CreateFolderBody = Static<typeof CreateFolderBodySchema>;

export const UpdateFolderBodySchema = Type.Object(
  {
    name: Type.Optional(FolderNameSchema),
    parentId: Type.Optional(ParentFolderIdSchema),
  },
  {
    $id: 'UpdateFolderBody',
    additionalProperties: false,
    minProperties: 1,
    description: 'A new name, a new parent (null: the root), or both.',
  },
);
export type UpdateFolderBody = Static<typeof UpdateFolderBodySchema>;

export const FolderParamsSchema = Type.Object({ tenant: TenantCodeSchema, id: FolderIdSchema });
export type FolderParams = Static<typeof FolderParamsSchema>;

/** `folderId=root` lists the files at the root of a site's tree (no folder). */
export const ROOT_FOLDER = 'root';

/** The folder-filter of the SPEC's list calls (published-files, portal files/submitted). */
export const folderFilterProperties = {
  folderId: Type.Optional(
    Type.Union([FolderIdSchema, Type.Literal(ROOT_FOLDER)], {
      description:
        'Only the files in this folder (a live folder of the site, else 404 `folders.not_found`), or `root` for ' +
        "those at the site's root; without it, every file of the site, whatever folder it sits in. A client " +
        "needs the site's `fileAreaFolderStructure` to name one (else 403 `settings.forbidden`).",
    }),
  ),
  includeSubfolders: Type.Optional(
    Type.Boolean({
      description:
        'With `folderId`: true lists the folder and every folder below it (search covers the subtree); by ' +
        'default only the files directly in the folder.',
    }),
  ),
};

/** The folder uploads are saved or published into, in the body beside the files. */
export const targetFolderProperty = {
  folderId: Type.Optional(
    Type.Union([FolderIdSchema, Type.Null()], {
      description:
        'The folder the files go into: a live folder of the same site (else 404 `folders.not_found`); null or ' +
        'absent: the folder each upload named when it was sent (tus metadata or multipart field `folderId`), ' +
        "else the site's root.",
    }),
  ),
};

/** Audit actions of folders (audit_events.action). */
export const FOLDER_AUDIT_ACTIONS = {
  create: 'folder.create',
  rename: 'folder.rename',
  move: 'folder.move',
  delete: 'folder.delete',
  /** Written for each file a folder's deletion took to the trash, so the file's history shows it. */
  fileTrashed: 'file.delete',
} as const;

/** The metadata name a tus upload (and the form field a multipart upload) names its target folder with. */
export const UPLOAD_FOLDER_FIELD = 'folderId';
