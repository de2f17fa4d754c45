import type { Queryable } from '../db/database.ts';
import {
  CLASSIFICATION_COLUMNS,
  type ClassificationRow,
  classificationSql,
  fileStatusNameSql,
} from '../site-files/file-classification.ts';

/** What a file's Properties view reads beyond the row `requireFileAccess` answered. */
export interface FileDetailsRow extends ClassificationRow {
  /** A submitted file's review (received, accepted, rejected); a published file's is `file_status`. */
  status: string;
  file_status: string | null;
  file_status_name: string | null;
  status_note: string | null;
  content_type: string;
  size: number | string;
  sha256: string;
  created_at: Date | string;
  uploaded_by: string | null;
  uploaded_by_name: string | null;
  version_at: Date | string | null;
  version_by: string | null;
  version_by_name: string | null;
}

/**
 * The file's bytes, who brought it and its current version, its status and classification (issue 27), names as this
 * firm knows them.
 */
export async function findFileDetails(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
): Promise<FileDetailsRow | undefined> {
  const { rows } = await tx.query<FileDetailsRow>(
    `SELECT f.content_type, f.size, f.sha256, f.created_at, f.created_by AS uploaded_by, up.name AS uploaded_by_name,
            v.created_at AS version_at, v.created_by AS version_by, vp.name AS version_by_name,
            f.status, f.file_status, f.status_note, ${CLASSIFICATION_COLUMNS},
            ${fileStatusNameSql('f', 'f.tenant_code')},
            ${classificationSql('f')}
     FROM files f
     LEFT JOIN tenant_people up ON up.tenant_code = f.tenant_code AND up.user_id = f.created_by
     LEFT JOIN file_versions v ON v.file_id = f.id AND v.version = f.version
     LEFT JOIN tenant_people vp ON vp.tenant_code = f.tenant_code AND vp.user_id = v.created_by
     WHERE f.tenant_code = $1 AND f.id = $2`,
    [tenantCode, fileId],
  );
  return rows[0];
}

/** The folders from the site's root down to `folderId` (that one last); empty for the root. */
export async function folderPath(
  tx: Queryable,
  tenantCode: string,
  folderId: string | null,
): Promise<{ id: string; name: string }[]> {
  if (!folderId) return [];
  const { rows } = await tx.query<{ id: string; name: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, name, 0 AS depth FROM folders WHERE tenant_code = $1 AND id = $2
       UNION ALL
       SELECT p.id, p.parent_id, p.name, up.depth + 1 FROM folders p
       JOIN up ON p.id = up.parent_id AND p.tenant_code = $1
       WHERE up.depth < 1000
     )
     SELECT id, name FROM up ORDER BY depth DESC`,
    [tenantCode, folderId],
  );
  return rows;
}
