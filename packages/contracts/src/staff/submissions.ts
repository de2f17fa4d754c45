import { type Static, Type } from 'typebox';
import { classificationFilterProperties, fileClassificationProperties } from '../classification.ts';
import {
  FileIdSchema,
  fileListQueryProperties,
  fileWorkspaceProperties,
  NotScannedSchema,
  SUBMISSION_STATUSES,
  SUBMITTED_FILE_SORT_FIELDS,
  type SubmissionStatus,
  submissionStatusFilterProperty,
} from '../files.ts';
import { folderFilterProperties } from '../folders.ts';
import { SiteIdSchema } from '../sites.ts';
import { ReferenceNumberSchema, Sha256Schema } from '../uploads.ts';
import { multiLineTextSchema, nullableDateTime, PersonSchema } from './common.ts';

export { SUBMISSION_STATUSES, type SubmissionStatus };

/** How both front ends show a status. */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** The status that needs a note: a client must learn why. */
export const STATUS_REQUIRING_NOTE: SubmissionStatus = 'rejected';

export const STAFF_SUBMISSION_SORT_FIELDS = [
  ...SUBMITTED_FILE_SORT_FIELDS,
  'siteName',
  'submittedBy',
] as const;
export type StaffSubmissionSortField = (typeof STAFF_SUBMISSION_SORT_FIELDS)[number];

export const StaffSubmissionsQuerySchema = Type.Object(
  {
    siteId: Type.Optional(SiteIdSchema),
    ...submissionStatusFilterProperty,
    ...folderFilterProperties,
    ...classificationFilterProperties,
    ...fileListQueryProperties(
      STAFF_SUBMISSION_SORT_FIELDS,
      'the title, file name, reference number or submitter name or e-mail',
    ),
  },
  { $id: 'StaffSubmissionsQuery', additionalProperties: false },
);
export type StaffSubmissionsQuery = Static<typeof StaffSubmissionsQuerySchema>;

export const StaffSubmissionSchema = Type.Object(
  {
    id: FileIdSchema,
    siteId: SiteIdSchema,
    siteName: Type.String(),
    title: Type.String(),
    fileName: Type.String({ description: 'The original file name; show it escaped.' }),
    contentType: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    notScanned: NotScannedSchema,
    sha256: Sha256Schema,
    referenceNumber: Type.Union([ReferenceNumberSchema, Type.Null()]),
    status: Type.String({ description: `One of ${SUBMISSION_STATUSES.join(', ')}.`, examples: ['received'] }),
    statusNote: Type.Union([Type.String(), Type.Null()], { description: 'What the firm told the client.' }),
    statusUpdatedAt: nullableDateTime('When staff last set the status; null while it is as submitted.'),
    submittedBy: Type.Union([PersonSchema, Type.Null()], {
      description: 'Null if that account was removed.',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'When it was submitted.' }),
    ...fileWorkspaceProperties,
    ...fileClassificationProperties,
  },
  { $id: 'StaffSubmission', description: 'A file a client submitted, across the firm’s sites.' },
);
export type StaffSubmission = Static<typeof StaffSubmissionSchema>;

export const StaffSubmissionListSchema = Type.Object(
  {
    records: Type.Array(StaffSubmissionSchema),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching files across all pages.' }),
  },
  { $id: 'StaffSubmissionList' },
);
export type StaffSubmissionList = Static<typeof StaffSubmissionListSchema>;

export const SetSubmissionStatusBodySchema = Type.Object(
  {
    status: Type.Enum(SUBMISSION_STATUSES),
    note: Type.Optional(
      multiLineTextSchema(2000, `Shown to the client; required for \`${STATUS_REQUIRING_NOTE}\`.`),
    ),
  },
  { $id: 'SetSubmissionStatusBody', additionalProperties: false },
);
export type SetSubmissionStatusBody = Static<typeof SetSubmissionStatusBodySchema>;
