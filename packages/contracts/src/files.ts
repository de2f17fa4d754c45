import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import {
  classificationFilterProperties,
  fileClassificationProperties,
  fileStatusFilterProperty,
  publishedClassificationProperties,
} from './classification.ts';
import { TenantCodeSchema } from './discovery.ts';
import { folderFilterProperties, targetFolderProperty } from './folders.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema, searchTextSchema } from './sites.ts';
import { ReferenceNumberSchema, Sha256Schema } from './uploads.ts';

// Uploads are the first half of a submitted file; the package index reaches them through this module.
export * from './uploads.ts';

/** Columns a file list may be sorted by; anything else is refused rather than passed to SQL. */
/** `category` sorts by the category's name, files without one last either way (decision 58). */
export const FILE_SORT_FIELDS = ['title', 'fileName', 'size', 'createdAt', 'category'] as const;
export type FileSortField = (typeof FILE_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The audit action a download writes, one event per file (a zip writes one per file in it). A published file
 * the caller has no such event (nor a FILE_PREVIEW_AUDIT_ACTION) for is `isNew`.
 */
export const FILE_DOWNLOAD_AUDIT_ACTION = 'file.download';

/** The audit action opening a file's preview writes; it counts as opening the file (no longer `isNew`). */
export const FILE_PREVIEW_AUDIT_ACTION = 'file.preview';

/**
 * The media types a file may be previewed as in the browser: PDFs in the viewer, images in a lightbox. The list's
 * `contentType` says which files offer a preview; the server serves one only if the file's first bytes are one of
 * these types too, and then as that type.
 */
export const PREVIEW_CONTENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type PreviewContentType = (typeof PREVIEW_CONTENT_TYPES)[number];

/* @__NO_SIDE_EFFECTS__ */
export const isPreviewContentType = (contentType: string): contentType is PreviewContentType =>
  (PREVIEW_CONTENT_TYPES as readonly string[]).includes(contentType);

/** A calendar day `YYYY-MM-DD` (SPEC §5), read as a UTC day; years before 1000 are refused. */
/* @__NO_SIDE_EFFECTS__ */
export const dateOnlySchema = (description: string) =>
  Type.String({
    format: 'date',
    pattern: '^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$',
    examples: ['2026-01-31'],
    description,
  });

export const FileIdSchema = Type.String({ format: 'uuid', description: 'A file id.' });

/**
 * The paging, sorting, search and date-range parameters every file list takes (Published and Submitted Files,
 * the staff's submissions): newest first unless asked otherwise, `search` matching what `searchDescription` says.
 */
/* @__NO_SIDE_EFFECTS__ */
export const fileListQueryProperties = <const SortField extends string>(
  sortFields: readonly SortField[],
  searchDescription: string,
) => ({
  limit: Type.Optional(PageLimitSchema),
  offset: Type.Optional(PageOffsetSchema),
  sortBy: Type.Optional(Type.Enum(sortFields, { default: 'createdAt' })),
  sortOrder: Type.Optional(Type.Enum(SORT_ORDERS, { default: 'desc' })),
  search: Type.Optional(searchTextSchema(searchDescription)),
  from: Type.Optional(dateOnlySchema('First day (UTC, inclusive) of createdAt.')),
  to: Type.Optional(dateOnlySchema('Last day (UTC, inclusive) of createdAt.')),
});

/** The query of a list of one site's files: the site, then the list's own properties and the common ones. */
/* @__NO_SIDE_EFFECTS__ */
const siteFilesQuerySchema = <const Properties extends TProperties>($id: string, properties: Properties) =>
  Type.Object({ siteId: SiteIdSchema, ...properties }, { $id, additionalProperties: false });

/** What every file of a site's lists shows, `createdAt` saying when it came in that direction. */
/** A file the virus scanner could not scan (decision 43), marked in every list that shows it. */
export const NotScannedSchema = Type.Optional(
  Type.Literal(true, {
    description:
      'Present when the virus scanner could not scan it (larger than its limit) and SCAN_UNSCANNED=allow let it through: show a "not scanned" mark.',
  }),
);

/** Who holds a file checked out (decision 46), or null: nobody else may change it until then. */
export const CheckedOutBySchema = Type.Union(
  [
    Type.Object(
      {
        name: Type.String({ description: 'Who checked it out, as the firm knows them.' }),
        userId: Type.String({
          format: 'uuid',
          description: 'Their user id: the page offers "Check in" when it is the caller’s own.',
        }),
        until: Type.String({ format: 'date-time', description: 'When the check-out ends by itself (UTC).' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'Who has it checked out and until when; null when nobody does.' },
);
export type CheckedOutBy = Static<typeof CheckedOutBySchema>;

/** Where a file sits, which version is current and who holds it: in every record of a file, staff's too. */
export const fileWorkspaceProperties = {
  folderId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
    description:
      "The folder it sits in; null for the site's root (and for every file while folders are off).",
  }),
  version: Type.Integer({
    minimum: 1,
    description: 'Its current version: 1 until a new version is uploaded.',
  }),
  checkedOutBy: CheckedOutBySchema,
};

/* @__NO_SIDE_EFFECTS__ */
const siteFileProperties = (createdAt: string) => ({
  id: FileIdSchema,
  siteId: SiteIdSchema,
  title: Type.String(),
  fileName: Type.String({ description: 'The original file name; show it escaped.' }),
  contentType: Type.String(),
  size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
  createdAt: Type.String({ format: 'date-time', description: createdAt }),
  notScanned: NotScannedSchema,
  ...fileWorkspaceProperties,
  ...fileClassificationProperties,
});

/** A page of a list: `{ records, totalRecordCount }`. */
/* @__NO_SIDE_EFFECTS__ */
const fileListSchema = <Record extends TSchema>($id: string, record: Record) =>
  Type.Object(
    {
      records: Type.Array(record),
      totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching files across all pages.' }),
    },
    { $id },
  );

export const PublishedFilesQuerySchema = siteFilesQuerySchema('PublishedFilesQuery', {
  count: Type.Optional(
    Type.Boolean({ description: 'true answers `{ count }` only (the Published Files badge).' }),
  ),
  ...folderFilterProperties,
  ...fileStatusFilterProperty,
  ...classificationFilterProperties,
  ...fileListQueryProperties(FILE_SORT_FIELDS, 'the title or file name'),
});
export type PublishedFilesQuery = Static<typeof PublishedFilesQuerySchema>;

export const PublishedFileSchema = Type.Object(
  {
    ...siteFileProperties('When it was published (ISO 8601, UTC).'),
    isNew: Type.Boolean({ description: 'True until the caller downloads or previews it.' }),
    ...publishedClassificationProperties,
  },
  { $id: 'PublishedFile', description: 'A file the firm published to a site.' },
);
export type PublishedFile = Static<typeof PublishedFileSchema>;

export const PublishedFileListSchema = fileListSchema('PublishedFileList', PublishedFileSchema);
export type PublishedFileList = Static<typeof PublishedFileListSchema>;

export const PublishedFileCountSchema = Type.Object(
  { count: Type.Integer({ minimum: 0, description: 'Published files matching the query.' }) },
  { $id: 'PublishedFileCount' },
);
export type PublishedFileCount = Static<typeof PublishedFileCountSchema>;

/** `count=true` answers a PublishedFileCount, otherwise a PublishedFileList. */
export const PublishedFilesResponseSchema = Type.Union([PublishedFileCountSchema, PublishedFileListSchema], {
  $id: 'PublishedFilesResponse',
});
export type PublishedFilesResponse = Static<typeof PublishedFilesResponseSchema>;

/** Audit actions of files (audit_events.action); downloads are FILE_DOWNLOAD_AUDIT_ACTION. */
export const FILE_AUDIT_ACTIONS = {
  submit: 'file.submit',
  download: FILE_DOWNLOAD_AUDIT_ACTION,
  preview: FILE_PREVIEW_AUDIT_ACTION,
} as const;

export const FileParamsSchema = Type.Object({ tenant: TenantCodeSchema, id: FileIdSchema });
export type FileParams = Static<typeof FileParamsSchema>;

/** Columns the Submitted Files list may be sorted by: those of every file list, plus status and reference. */
export const SUBMITTED_FILE_SORT_FIELDS = [...FILE_SORT_FIELDS, 'status', 'referenceNumber'] as const;
export type SubmittedFileSortField = (typeof SUBMITTED_FILE_SORT_FIELDS)[number];

/** Where the firm is with a submitted file; clients see it on Submitted Files. `received` is the start. */
export const SUBMISSION_STATUSES = ['received', 'in_review', 'accepted', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The status filter of every list of submitted files (the client's, and the staff's across sites). */
export const submissionStatusFilterProperty = {
  status: Type.Optional(
    Type.Array(Type.Enum(SUBMISSION_STATUSES), {
      maxItems: SUBMISSION_STATUSES.length,
      description:
        'Any of these statuses; repeat the parameter for several (`status=received&status=in_review`).',
    }),
  ),
};

export const SubmittedFilesQuerySchema = siteFilesQuerySchema('SubmittedFilesQuery', {
  ...submissionStatusFilterProperty,
  ...folderFilterProperties,
  ...classificationFilterProperties,
  ...fileListQueryProperties(SUBMITTED_FILE_SORT_FIELDS, 'the title, file name or reference number'),
});
export type SubmittedFilesQuery = Static<typeof SubmittedFilesQuerySchema>;

export const SubmittedFileSchema = Type.Object(
  {
    ...siteFileProperties('When it was submitted (ISO 8601, UTC).'),
    sha256: Sha256Schema,
    referenceNumber: ReferenceNumberSchema,
    status: Type.String({
      description: 'Where the firm is with it; `received` until the firm changes it.',
      examples: ['received'],
    }),
    statusNote: Type.Union([Type.String(), Type.Null()], {
      description: "The firm's note on the status (always given for `rejected`); null when there is none.",
    }),
    submittedBy: Type.Union([Type.String(), Type.Null()], {
      description: 'Name of the person who submitted it; null if that account was removed.',
    }),
    submittedById: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description:
        'Their user id (the page offers "Publish to the site" on one’s own files); null if removed.',
    }),
    requestItemId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'The item of a document request it was sent against; null when sent on its own.',
    }),
  },
  { $id: 'SubmittedFile', description: 'A file a client submitted to a site.' },
);
export type SubmittedFile = Static<typeof SubmittedFileSchema>;

export const SubmittedFileListSchema = fileListSchema('SubmittedFileList', SubmittedFileSchema);
export type SubmittedFileList = Static<typeof SubmittedFileListSchema>;

/** A title people gave a file: 1 to 200 characters, no control characters (the server also refuses a blank one). */
export const FileTitleSchema = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
  description: 'Shown in the lists instead of the file name; not blank, no control characters.',
});

/** Files one save may turn into Submitted Files (as many as one upload may carry). */
export const MAX_FILES_PER_SAVE = 100;

export const SaveSubmittedFilesBodySchema = Type.Object(
  {
    siteId: SiteIdSchema,
    files: Type.Array(
      Type.Object(
        {
          referenceNumber: ReferenceNumberSchema,
          title: Type.Optional(FileTitleSchema),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_FILES_PER_SAVE, description: 'Uploads of the caller to this site.' },
    ),
    ...targetFolderProperty,
    categoryId: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'A category of the tenant (`GET file-management api/categories`) every file gets; a client needs the site’s `internalFilesRecategorize`.',
      }),
    ),
  },
  { $id: 'SaveSubmittedFilesBody', additionalProperties: false },
);
export type SaveSubmittedFilesBody = Static<typeof SaveSubmittedFilesBodySchema>;

export const SavedSubmittedFilesSchema = Type.Object(
  { records: Type.Array(SubmittedFileSchema, { description: 'The files created, in the order asked.' }) },
  { $id: 'SavedSubmittedFiles' },
);
export type SavedSubmittedFiles = Static<typeof SavedSubmittedFilesSchema>;

/** Files one zip may hold. */
export const MAX_ZIP_FILES = 1000;

export const FileZipBodySchema = Type.Object(
  {
    fileIds: Type.Array(FileIdSchema, {
      minItems: 1,
      maxItems: MAX_ZIP_FILES,
      description: 'The files, in the order their entries should appear; a repeated id is zipped once.',
    }),
  },
  { $id: 'FileZipBody', additionalProperties: false },
);
export type FileZipBody = Static<typeof FileZipBodySchema>;

export const FILE_COLUMN_TYPES = ['text', 'bytes', 'date', 'boolean'] as const;
export type FileColumnType = (typeof FILE_COLUMN_TYPES)[number];

export const FileColumnSchema = Type.Object(
  {
    key: Type.String({ description: 'The record property the column shows.' }),
    title: Type.String(),
    sortable: Type.Boolean({ description: 'True when `key` is an allowed `sortBy`.' }),
    type: Type.Enum(FILE_COLUMN_TYPES, {
      description: '`bytes` is shown in human units, `date` as YYYY-MM-DD.',
    }),
  },
  { $id: 'FileColumn' },
);
export type FileColumn = Static<typeof FileColumnSchema> & { key: keyof PublishedFile };

/** The columns of the Published Files table, in display order. */
export const PUBLISHED_FILE_COLUMNS: readonly FileColumn[] = [
  { key: 'title', title: 'Title', sortable: true, type: 'text' },
  { key: 'fileName', title: 'File name', sortable: true, type: 'text' },
  { key: 'size', title: 'Size', sortable: true, type: 'bytes' },
  { key: 'createdAt', title: 'Published', sortable: true, type: 'date' },
  { key: 'isNew', title: 'New', sortable: false, type: 'boolean' },
];

export const FileColumnListSchema = Type.Object(
  { columns: Type.Array(FileColumnSchema) },
  { $id: 'FileColumnList' },
);
export type FileColumnList = Static<typeof FileColumnListSchema>;

export const NewPublishedFilesQuerySchema = Type.Object(
  { siteId: SiteIdSchema },
  { $id: 'NewPublishedFilesQuery', additionalProperties: false },
);
export type NewPublishedFilesQuery = Static<typeof NewPublishedFilesQuerySchema>;
