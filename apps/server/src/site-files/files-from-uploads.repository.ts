import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import type { FileDirection } from './file-access.ts';
import { classificationSql } from './file-classification.ts';
import { SUBMITTED_COLUMNS, type SubmittedFileRow } from './site-file-lists.ts';
import { BASE_COLUMNS } from './site-files.repository.ts';

export type CreatedFileRow = Omit<SubmittedFileRow, 'submitted_by'>;

/** A file to make of a pending upload: the upload's bytes (same blob key) under the title chosen. */
export interface FileFromUpload {
  folder_id: string | null;
  title: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  blob_key: string;
  reference_number: string;
}

/** Inserts the files of one save or publication in one statement; answers their rows (as the lists read them). */
export async function insertFilesFromUploads(
  tx: Queryable,
  caller: Caller,
  target: {
    siteId: string;
    direction: FileDirection;
    status: string;
    requestItemId?: string | undefined;
    categoryId?: string | undefined;
  },
  rows: readonly FileFromUpload[],
): Promise<CreatedFileRow[]> {
  const { rows: created } = await tx.query<CreatedFileRow>(
    `WITH created AS (
       INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                          reference_number, status, created_by, request_item_id, folder_id, category_id)
       SELECT $1, $2, $3, title, file_name, content_type, size, sha256, blob_key, reference_number, $4, $5, $7,
              folder_id, $8::uuid
       FROM jsonb_to_recordset($6::jsonb) AS s(title text, file_name text, content_type text, size bigint,
                                               sha256 text, blob_key text, reference_number text, folder_id uuid)
       RETURNING *)
     SELECT ${BASE_COLUMNS}${SUBMITTED_COLUMNS}, ${classificationSql('f')} FROM created f`,
    [
      caller.tenantCode,
      target.siteId,
      target.direction,
      target.status,
      caller.user.id,
      JSON.stringify(rows),
      target.requestItemId ?? null,
      target.categoryId ?? null,
    ],
  );
  return created;
}

/** Whether the tenant has this category (a save or publication that names one). */
export async function tenantCategoryExists(tx: Queryable, tenantCode: string, id: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM categories WHERE tenant_code = $1 AND id = $2::uuid', [
    tenantCode,
    id,
  ]);
  return rows.length > 0;
}
