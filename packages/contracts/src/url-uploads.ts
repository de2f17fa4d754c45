import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { SiteIdSchema } from './sites.ts';
import { ReferenceNumberSchema } from './uploads.ts';

/**
 * Upload from a link (issue 27 item 7, decision 52): the server fetches a web address into the blob store as a
 * pending upload, in a job whose state any server process answers; the page then saves the reference number
 * like any upload's.
 */

export const URL_UPLOAD_STATES = ['fetching', 'done', 'failed'] as const;

export const UrlUploadBodySchema = Type.Object(
  {
    siteId: SiteIdSchema,
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'An `https:` address (`http:` where URL_UPLOAD_ALLOW_HTTP=true).',
    }),
    folderId: Type.Optional(
      Type.String({ format: 'uuid', description: 'A folder of the site, kept with the job for the save.' }),
    ),
  },
  { additionalProperties: false, $id: 'UrlUploadBody' },
);
export type UrlUploadBody = Static<typeof UrlUploadBodySchema>;

export const UrlUploadStartedSchema = Type.Object(
  { jobId: Type.String({ format: 'uuid' }) },
  { $id: 'UrlUploadStarted' },
);
export type UrlUploadStarted = Static<typeof UrlUploadStartedSchema>;

export const UrlUploadJobSchema = Type.Object(
  {
    jobId: Type.String({ format: 'uuid' }),
    state: Type.Union([Type.Literal('fetching'), Type.Literal('done'), Type.Literal('failed')], {
      description: '`fetching` until the bytes are in; then `done` or `failed`.',
    }),
    bytesReceived: Type.Integer({ minimum: 0, description: 'Bytes fetched so far.' }),
    bytesExpected: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'The length the server announced, if it did.',
    }),
    fileName: Type.Union([Type.String(), Type.Null()], { description: 'Once the response named the file.' }),
    siteId: SiteIdSchema,
    folderId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    referenceNumber: Type.Optional(ReferenceNumberSchema),
    error: Type.Optional(
      Type.Object(
        { code: Type.String(), message: Type.String() },
        {
          description:
            'Why it failed: `url.refused`, `uploads.type_refused`, `uploads.too_large`, `url.fetch_failed`.',
        },
      ),
    ),
  },
  { $id: 'UrlUploadJob' },
);
export type UrlUploadJob = Static<typeof UrlUploadJobSchema>;

export const UrlUploadParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  jobId: Type.String({ format: 'uuid' }),
});

/** Audit action of an upload from a link (audit_events.action), beside the `upload.receive` of its file. */
export const URL_UPLOAD_AUDIT_ACTION = 'upload.from_url';
