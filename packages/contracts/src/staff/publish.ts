import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { FileIdSchema, FileTitleSchema, MAX_FILES_PER_SAVE } from '../files.ts';
import { targetFolderProperty } from '../folders.ts';
import { SiteIdSchema } from '../sites.ts';
import { ReferenceNumberSchema, Sha256Schema } from '../uploads.ts';
import { nullableDateTime, UserIdSchema } from './common.ts';

/**
 * Publishing: staff upload files with `POST file-storage api/files` (as clients do), then publish the reference
 * numbers to a site; the files appear in the clients' Published Files at once.
 */
export const PublishFilesBodySchema = Type.Object(
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
      {
        minItems: 1,
        maxItems: MAX_FILES_PER_SAVE,
        description: "The caller's own pending uploads to this site; each title defaults to the file name.",
      },
    ),
    ...targetFolderProperty,
    categoryId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'A category of the tenant (`GET file-management api/categories`) every file gets.',
      }),
    ),
  },
  { $id: 'PublishFilesBody', additionalProperties: false },
);
export type PublishFilesBody = Static<typeof PublishFilesBodySchema>;

export const StaffPublishedFileSchema = Type.Object(
  {
    id: FileIdSchema,
    siteId: SiteIdSchema,
    title: Type.String(),
    fileName: Type.String({ description: 'The original file name; show it escaped.' }),
    contentType: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    sha256: Sha256Schema,
    referenceNumber: ReferenceNumberSchema,
    publishedBy: Type.Union([Type.String(), Type.Null()], {
      description: 'Name of the person who published it.',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'When it was published.' }),
  },
  { $id: 'StaffPublishedFile', description: 'A file the firm published, as the firm sees it.' },
);
export type StaffPublishedFile = Static<typeof StaffPublishedFileSchema>;

export const PublishedFilesResultSchema = Type.Object(
  {
    records: Type.Array(StaffPublishedFileSchema, {
      description: 'The files published, in the order asked.',
    }),
  },
  { $id: 'PublishedFilesResult' },
);
export type PublishedFilesResult = Static<typeof PublishedFilesResultSchema>;

export const StaffFileParamsSchema = Type.Object({ tenant: TenantCodeSchema, id: FileIdSchema });
export type StaffFileParams = Static<typeof StaffFileParamsSchema>;

/** The largest page of published files whose reads one call answers (the console's pages are smaller). */
export const MAX_READ_RECEIPT_FILES = 100;

export const PublishedFileReadsQuerySchema = Type.Object(
  {
    siteId: SiteIdSchema,
    fileId: Type.Array(FileIdSchema, {
      minItems: 1,
      maxItems: MAX_READ_RECEIPT_FILES,
      description:
        'The published files of the site to answer for (repeat the parameter: `fileId=…&fileId=…`).',
    }),
  },
  { $id: 'PublishedFileReadsQuery', additionalProperties: false },
);
export type PublishedFileReadsQuery = Static<typeof PublishedFileReadsQuerySchema>;

export const PublishedFileReaderSchema = Type.Object(
  {
    userId: UserIdSchema,
    name: Type.String({ description: 'As the firm knows the person.' }),
    email: Type.String(),
    firstOpenedAt: nullableDateTime(
      'When the member first opened the file (a download alone or in a zip); null if never.',
    ),
    lastOpenedAt: nullableDateTime('When the member last opened it; null if never.'),
    openCount: Type.Integer({
      minimum: 0,
      description: 'How many times the member opened it: downloads (alone or in a zip) and previews.',
    }),
  },
  { $id: 'PublishedFileReader', description: 'A member of the site and what they did with one file.' },
);
export type PublishedFileReader = Static<typeof PublishedFileReaderSchema>;

export const PublishedFileReadsSchema = Type.Object(
  {
    fileId: FileIdSchema,
    openedCount: Type.Integer({ minimum: 0, description: 'Members who opened it at least once.' }),
    members: Type.Array(PublishedFileReaderSchema, {
      description: "The site's current members, those who opened it first (earliest first), then by name.",
    }),
  },
  { $id: 'PublishedFileReads' },
);
export type PublishedFileReads = Static<typeof PublishedFileReadsSchema>;

export const PublishedFileReadsListSchema = Type.Object(
  {
    records: Type.Array(PublishedFileReadsSchema, {
      description:
        'One per file asked for, in the order asked; files not published to the site are left out.',
    }),
    memberCount: Type.Integer({ minimum: 0, description: 'Members the site has now.' }),
  },
  { $id: 'PublishedFileReadsList' },
);
export type PublishedFileReadsList = Static<typeof PublishedFileReadsListSchema>;
