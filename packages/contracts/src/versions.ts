import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';
import { FileIdSchema } from './files.ts';
import { Sha256Schema } from './uploads.ts';

/**
 * A file's versions (issue 26, decisions 46 and 49) under `file-management api/files/{id}/versions`. Every version is
 * kept, the current one included; a new version comes from an upload that names the file (`fileId`), and making
 * an old version current copies it as the newest (a new version, never a rewrite).
 */

/** Audit actions of versions (audit_events.action), each with the file's id. */
export const VERSION_AUDIT_ACTIONS = {
  /** A new version was uploaded (or an old one made current again: `detail.restoredFrom`). */
  newVersion: 'file.new_version',
} as const;

export const FileVersionNumberSchema = Type.Integer({
  minimum: 1,
  maximum: 2147483647,
  description: 'A version number, 1 first.',
});

export const FileVersionParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  id: FileIdSchema,
  version: FileVersionNumberSchema,
});
export type FileVersionParams = Static<typeof FileVersionParamsSchema>;

export const FileVersionSchema = Type.Object(
  {
    version: FileVersionNumberSchema,
    size: Type.Integer({ minimum: 0, description: 'Bytes.' }),
    sha256: Sha256Schema,
    createdAt: Type.String({
      format: 'date-time',
      description: 'When this version came in (ISO 8601, UTC).',
    }),
    createdBy: Type.Union([Type.String(), Type.Null()], {
      description:
        'Who uploaded it (or made it current again), as the firm knows them; null if that account is gone.',
    }),
    fileName: Type.String({ description: 'The file name this version came with; show it escaped.' }),
    contentType: Type.String(),
    current: Type.Boolean({
      description: 'Whether this is the version the lists show and a download sends.',
    }),
    restoredFrom: Type.Union([FileVersionNumberSchema, Type.Null()], {
      description: 'The older version this one is a copy of, when staff made it current again; else null.',
    }),
  },
  { $id: 'FileVersion', description: 'One version of a file.' },
);
export type FileVersion = Static<typeof FileVersionSchema>;

export const FileVersionListSchema = Type.Object(
  {
    records: Type.Array(FileVersionSchema, {
      description:
        'Newest first, the current version among them. A version whose virus scan has not released it yet (or that was quarantined) is not listed.',
    }),
  },
  { $id: 'FileVersionList' },
);
export type FileVersionList = Static<typeof FileVersionListSchema>;
