import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { FileIdSchema, FileTitleSchema, MAX_FILES_PER_SAVE } from '../files.ts';
import { SiteIdSchema } from '../sites.ts';
import { ReferenceNumberSchema, Sha256Schema } from '../uploads.ts';

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
