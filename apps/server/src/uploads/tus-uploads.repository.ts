import type { UploadedFile } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** A resumable upload as its row holds it; every read is bound to the caller (tenant and user). */
export interface TusUpload {
  id: string;
  siteId: string;
  fileName: string;
  declaredType: string;
  metadata: Record<string, string | null>;
  length: number;
  offset: number;
  partKeys: string[];
  wholeSha256: string | null;
  /** The `uploads` row it became, once finished. */
  uploadId: string | null;
  /** The part a PATCH is writing (or was, when its process died), under its final key. */
  writingKey: string | null;
  createdAt: Date;
}

interface TusUploadRow {
  id: string;
  site_id: string;
  file_name: string;
  declared_type: string;
  metadata: Record<string, string | null>;
  upload_length: number | string;
  upload_offset: number | string;
  part_keys: string[];
  whole_sha256: string | null;
  upload_id: string | null;
  writing_key: string | null;
  created_at: Date | string;
}

const COLUMNS =
  'id, site_id, file_name, declared_type, metadata, upload_length, upload_offset, part_keys, whole_sha256, upload_id, writing_key, created_at';

const toTusUpload = (row: TusUploadRow): TusUpload => ({
  id: row.id,
  siteId: row.site_id,
  fileName: row.file_name,
  declaredType: row.declared_type,
  metadata: row.metadata,
  length: Number(row.upload_length),
  offset: Number(row.upload_offset),
  partKeys: row.part_keys,
  wholeSha256: row.whole_sha256,
  uploadId: row.upload_id,
  writingKey: row.writing_key,
  createdAt: new Date(row.created_at),
});

export async function insertTusUpload(
  tx: Queryable,
  caller: Caller,
  upload: Pick<TusUpload, 'id' | 'siteId' | 'fileName' | 'declaredType' | 'metadata' | 'length'>,
): Promise<TusUpload> {
  const { rows } = await tx.query<TusUploadRow>(
    `INSERT INTO tus_uploads (id, tenant_code, site_id, created_by, file_name, declared_type, metadata, upload_length)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     RETURNING ${COLUMNS}`,
    [
      upload.id,
      caller.tenantCode,
      upload.siteId,
      caller.user.id,
      upload.fileName,
      upload.declaredType,
      JSON.stringify(upload.metadata),
      upload.length,
    ],
  );
  return toTusUpload(rows[0]!);
}

/**
 * How many unfinished uploads the caller has in this tenant, and the lengths they declare in all (expired ones
 * not counted). Serialised per caller for the rest of the transaction, so two creations at once cannot both slip
 * under a cap.
 */
export async function countUnfinishedTusUploads(
  tx: Queryable,
  caller: Caller,
  graceSeconds: number,
): Promise<{ count: number; bytes: number }> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 25))', [
    `tus:${caller.tenantCode}:${caller.user.id}`,
  ]);
  const { rows } = await tx.query<{ n: number; bytes: number | string }>(
    `SELECT count(*)::int AS n, coalesce(sum(upload_length), 0) AS bytes FROM tus_uploads
     WHERE tenant_code = $1 AND created_by = $2 AND upload_id IS NULL
       AND created_at > now() - make_interval(secs => $3)`,
    [caller.tenantCode, caller.user.id, graceSeconds],
  );
  return { count: rows[0]!.n, bytes: Number(rows[0]!.bytes) };
}

/** The caller's own upload with this id; another user's or another tenant's is simply not found. */
export async function findTusUpload(
  tx: Queryable,
  caller: Caller,
  id: string,
): Promise<TusUpload | undefined> {
  const { rows } = await tx.query<TusUploadRow>(
    `SELECT ${COLUMNS} FROM tus_uploads WHERE id = $1 AND tenant_code = $2 AND created_by = $3`,
    [id, caller.tenantCode, caller.user.id],
  );
  return rows[0] && toTusUpload(rows[0]);
}

/**
 * Appends a stored part to the caller's unfinished upload if its offset is still `startOffset`, and answers
 * the new offset; undefined when another request moved the offset first, or the upload is gone or finished.
 */
export async function appendTusPart(
  tx: Queryable,
  caller: Caller,
  id: string,
  part: { startOffset: number; size: number; blobKey: string; wholeSha256: string | undefined },
): Promise<number | undefined> {
  const { rows } = await tx.query<{ upload_offset: number | string }>(
    `UPDATE tus_uploads
     SET upload_offset = upload_offset + $5, part_keys = array_append(part_keys, $6),
         whole_sha256 = $7, writing_key = NULL
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3 AND upload_offset = $4 AND upload_id IS NULL
       AND upload_offset + $5 <= upload_length
     RETURNING upload_offset`,
    [
      id,
      caller.tenantCode,
      caller.user.id,
      part.startOffset,
      part.size,
      part.blobKey,
      part.wholeSha256 ?? null,
    ],
  );
  return rows[0] ? Number(rows[0].upload_offset) : undefined;
}

/**
 * Names the key a PATCH from `startOffset` is about to write its part under (decision 42), if the offset is still
 * that and no other PATCH is writing; false otherwise.
 */
export async function startWritingTusPart(
  tx: Queryable,
  caller: Caller,
  id: string,
  startOffset: number,
  blobKey: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE tus_uploads SET writing_key = $5
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3 AND upload_offset = $4 AND upload_id IS NULL
       AND writing_key IS NULL
     RETURNING id`,
    [id, caller.tenantCode, caller.user.id, startOffset, blobKey],
  );
  return rows.length > 0;
}

/** Forgets the part being written under `blobKey` (it was refused, or held nothing). */
export async function stopWritingTusPart(tx: Queryable, caller: Caller, id: string, blobKey: string) {
  await tx.query(
    `UPDATE tus_uploads SET writing_key = NULL
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3 AND writing_key = $4`,
    [id, caller.tenantCode, caller.user.id, blobKey],
  );
}

/** Records which `uploads` row a finished upload became; its parts now belong to that row or are to go. */
export async function markTusUploadFinished(
  tx: Queryable,
  caller: Caller,
  id: string,
  uploadId: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE tus_uploads SET upload_id = $4, part_keys = '{}'
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3 AND upload_id IS NULL
       AND upload_offset = upload_length
     RETURNING id`,
    [id, caller.tenantCode, caller.user.id, uploadId],
  );
  return rows.length > 0;
}

/** Deletes the caller's unfinished upload and answers its part keys (for their blobs to go), or undefined. */
export async function deleteUnfinishedTusUpload(
  tx: Queryable,
  caller: Caller,
  id: string,
): Promise<string[] | undefined> {
  const { rows } = await tx.query<{ part_keys: string[] }>(
    `DELETE FROM tus_uploads
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3 AND upload_id IS NULL
     RETURNING part_keys || coalesce(ARRAY[writing_key], '{}') AS part_keys`,
    [id, caller.tenantCode, caller.user.id],
  );
  return rows[0]?.part_keys;
}

/**
 * Deletes tus uploads older than the grace period, across tenants (the reaper runs as the owner), finished or
 * not, and answers the part keys of those that had parts. A finished one's `uploads` row lives on by itself.
 */
export async function deleteExpiredTusUploads(
  tx: Queryable,
  graceSeconds: number,
  batch: number,
): Promise<{ tenantCode: string; id: string; partKeys: string[]; finished: boolean }[]> {
  const { rows } = await tx.query<{
    tenant_code: string;
    id: string;
    part_keys: string[];
    upload_id: string | null;
  }>(
    `DELETE FROM tus_uploads
     WHERE id IN (SELECT id FROM tus_uploads WHERE created_at < now() - make_interval(secs => $1)
                  ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING tenant_code, id, part_keys || coalesce(ARRAY[writing_key], '{}') AS part_keys, upload_id`,
    [graceSeconds, batch],
  );
  return rows.map((r) => ({
    tenantCode: r.tenant_code,
    id: r.id,
    partKeys: r.part_keys,
    finished: r.upload_id !== null,
  }));
}

/** The caller's pending upload that a tus upload became; gone once saved or discarded. */
export async function findUploadedFile(
  tx: Queryable,
  caller: Caller,
  uploadId: string,
): Promise<UploadedFile | undefined> {
  const { rows } = await tx.query<{
    reference_number: string;
    file_name: string;
    size: number | string;
    sha256: string;
    content_type: string;
    file_id: string | null;
    version: number | null;
  }>(
    // A version upload is saved as it finishes (decision 49): it is still the uploader's to read back.
    `SELECT reference_number, file_name, size, sha256, content_type, file_id, version FROM uploads
     WHERE id = $1 AND tenant_code = $2 AND created_by = $3
       AND (state = 'pending' OR (state = 'saved' AND version IS NOT NULL))`,
    [uploadId, caller.tenantCode, caller.user.id],
  );
  const row = rows[0];
  return (
    row && {
      referenceNumber: row.reference_number,
      fileName: row.file_name,
      size: Number(row.size),
      sha256: row.sha256,
      contentType: row.content_type,
      ...(row.file_id && row.version ? { fileId: row.file_id, version: row.version } : {}),
    }
  );
}
