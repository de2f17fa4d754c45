import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema } from './sites.ts';
import { PersonSchema } from './staff/common.ts';
import { ReferenceNumberSchema } from './uploads.ts';

/**
 * Malware scanning (clamd, decision 43). Every stored file is one of these: `scanning` until clamd answered (or
 * while it cannot be reached), `clean`, `infected` (quarantined: nobody can fetch its bytes), or `unscanned`
 * (over the scanner's size limit, or scanning turned off). The other side never lists, previews, downloads or
 * zips a `scanning` or `infected` file, nor an `unscanned` one when the server runs with SCAN_UNSCANNED=block.
 */
export const SCAN_STATES = ['scanning', 'clean', 'infected', 'unscanned'] as const;
export const ScanStateSchema = Type.Union(
  [Type.Literal('scanning'), Type.Literal('clean'), Type.Literal('infected'), Type.Literal('unscanned')],
  { description: 'scanning | clean | infected | unscanned' },
);
export type ScanState = Static<typeof ScanStateSchema>;

/** Audit actions of scanning (audit_events.action). */
export const SCAN_AUDIT_ACTIONS = {
  quarantine: 'file.quarantine',
  quarantineDelete: 'quarantine.delete',
} as const;

export const UploadScansQuerySchema = Type.Object(
  {
    referenceNumbers: Type.Array(ReferenceNumberSchema, { minItems: 1, maxItems: 100 }),
  },
  { $id: 'UploadScansQuery', additionalProperties: false },
);
export type UploadScansQuery = Static<typeof UploadScansQuerySchema>;

export const UploadScanSchema = Type.Object(
  {
    referenceNumber: ReferenceNumberSchema,
    state: ScanStateSchema,
    signature: Type.Optional(Type.String({ description: 'What the scanner found, when `infected`.' })),
    /** Whether the other side may see the file (clean, or unscanned with SCAN_UNSCANNED=allow). */
    released: Type.Boolean(),
  },
  { $id: 'UploadScan' },
);
export type UploadScan = Static<typeof UploadScanSchema>;

export const UploadScansSchema = Type.Object(
  { scans: Type.Array(UploadScanSchema, { description: 'The caller’s own uploads among those asked.' }) },
  { $id: 'UploadScans' },
);
export type UploadScans = Static<typeof UploadScansSchema>;

export const QuarantinedFileSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    fileName: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    signature: Type.String(),
    site: Type.Union([Type.Object({ id: SiteIdSchema, name: Type.String() }), Type.Null()]),
    uploadedBy: Type.Union([PersonSchema, Type.Null()]),
    quarantinedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'QuarantinedFile', description: 'A file the scanner found infected; its bytes are out of reach.' },
);
export type QuarantinedFile = Static<typeof QuarantinedFileSchema>;

export const QuarantineListSchema = Type.Object(
  { records: Type.Array(QuarantinedFileSchema), totalRecordCount: Type.Integer({ minimum: 0 }) },
  { $id: 'QuarantineList' },
);
export type QuarantineList = Static<typeof QuarantineListSchema>;

export const QuarantineQuerySchema = Type.Object(
  { limit: Type.Optional(PageLimitSchema), offset: Type.Optional(PageOffsetSchema) },
  { $id: 'QuarantineQuery', additionalProperties: false },
);

export const QuarantineParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  id: Type.String({ format: 'uuid' }),
});

export const ScannerStatusSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'CLAMD_URL is set.' }),
    available: Type.Boolean({ description: 'clamd answered its last call (false when scanning is off).' }),
    waiting: Type.Integer({ minimum: 0, description: 'The firm’s files waiting for a scan.' }),
    unscannedPolicy: Type.Union([Type.Literal('allow'), Type.Literal('block')]),
  },
  { $id: 'ScannerStatus' },
);
export type ScannerStatus = Static<typeof ScannerStatusSchema>;
