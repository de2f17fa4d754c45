import { randomBytes } from 'node:crypto';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** A file whose bytes are in the blob store, before its row exists. */
export interface ReceivedFile {
  blobKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** The folder of the site it goes into when saved (checked when it was sent); null or absent: the root. */
  folderId?: string | null | undefined;
}

/** A pending upload as its row holds it. */
export interface PendingUpload extends ReceivedFile {
  id: string;
  referenceNumber: string;
  /** An upload that became a file's next version: the file and the version. */
  fileId?: string | undefined;
  version?: number | undefined;
}

interface UploadRow {
  id: string;
  reference_number: string;
  blob_key: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  folder_id: string | null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `UP-` and 80 random bits in Crockford base32: unambiguous to read out, impossible to guess. */
export function newReferenceNumber(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = CROCKFORD[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return `UP-${out}`;
}

/** The tenant's own upload limit in bytes, if it set one below the server's. */
export async function tenantUploadLimit(tx: Queryable, tenantCode: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ max_upload_bytes: number | string | null }>(
    'SELECT max_upload_bytes FROM tenants WHERE code = $1',
    [tenantCode],
  );
  const limit = rows[0]?.max_upload_bytes;
  return limit === null || limit === undefined ? undefined : Number(limit);
}

/** Records received files as pending uploads of the caller to a site; answers them with their references. */
export async function insertPendingUploads(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  files: readonly ReceivedFile[],
): Promise<PendingUpload[]> {
  const uploads = files.map((file) => ({ ...file, referenceNumber: newReferenceNumber() }));
  const { rows } = await tx.query<{ id: string; reference_number: string }>(
    `INSERT INTO uploads (tenant_code, site_id, created_by, reference_number, blob_key, file_name, content_type, size, sha256,
                          folder_id)
     SELECT $1, $2, $3, reference_number, blob_key, file_name, content_type, size, sha256, folder_id
     FROM jsonb_to_recordset($4::jsonb)
       AS u(reference_number text, blob_key text, file_name text, content_type text, size bigint, sha256 text,
            folder_id uuid)
     RETURNING id, reference_number`,
    [
      caller.tenantCode,
      siteId,
      caller.user.id,
      JSON.stringify(
        uploads.map((u) => ({
          reference_number: u.referenceNumber,
          blob_key: u.blobKey,
          file_name: u.fileName,
          content_type: u.contentType,
          size: u.size,
          sha256: u.sha256,
          folder_id: u.folderId ?? null,
        })),
      ),
    ],
  );
  const ids = new Map(rows.map((r) => [r.reference_number, r.id]));
  return uploads.map((u) => ({ ...u, id: ids.get(u.referenceNumber)! }));
}

/**
 * Deletes the caller's pending uploads to a site with these references and answers what was deleted; a
 * reference of another user, site or tenant, or one already saved, is simply not among them.
 */
export async function deletePendingUploads(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  referenceNumbers: readonly string[],
): Promise<PendingUpload[]> {
  const { rows } = await tx.query<UploadRow>(
    `DELETE FROM uploads
     WHERE tenant_code = $1 AND site_id = $2 AND created_by = $3 AND state = 'pending'
       AND reference_number = ANY($4::text[])
     RETURNING id, reference_number, blob_key, file_name, content_type, size, sha256, folder_id`,
    [caller.tenantCode, siteId, caller.user.id, referenceNumbers],
  );
  return rows.map(toPendingUpload);
}

/**
 * Locks the caller's pending uploads to a site with these references, for a save in the same transaction. The
 * row lock makes a save, a discard and the reaper take turns: whichever comes second finds nothing pending.
 */
export async function lockPendingUploads(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  referenceNumbers: readonly string[],
): Promise<PendingUpload[]> {
  const { rows } = await tx.query<UploadRow>(
    `SELECT id, reference_number, blob_key, file_name, content_type, size, sha256, folder_id
     FROM uploads
     WHERE tenant_code = $1 AND site_id = $2 AND created_by = $3 AND state = 'pending'
       AND reference_number = ANY($4::text[])
     FOR UPDATE`,
    [caller.tenantCode, siteId, caller.user.id, referenceNumbers],
  );
  return rows.map(toPendingUpload);
}

/** Marks locked uploads saved, each pointing at the file it became (and the version, for a new version). */
export async function markUploadsSaved(
  tx: Queryable,
  saved: readonly { uploadId: string; fileId: string; version?: number }[],
) {
  await tx.query(
    `UPDATE uploads u SET state = 'saved', file_id = s.file_id, version = s.version, saved_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS s(upload_id uuid, file_id uuid, version integer)
     WHERE u.id = s.upload_id`,
    [
      JSON.stringify(
        saved.map((s) => ({ upload_id: s.uploadId, file_id: s.fileId, version: s.version ?? null })),
      ),
    ],
  );
}

const toPendingUpload = (row: UploadRow): PendingUpload => ({
  id: row.id,
  referenceNumber: row.reference_number,
  blobKey: row.blob_key,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  folderId: row.folder_id,
});

/**
 * Which of `keys` no row names any more: no file, version of a file, upload, part of a resumable upload in progress
 * or quarantine. Their bytes may go (the orphan sweep, and a permanent delete from the trash at once). Run as the
 * owner, across tenants: a key is one tenant's, but a row of another would keep it too.
 */
export async function unreferencedBlobKeys(db: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k
     WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.blob_key = k)
       AND NOT EXISTS (SELECT 1 FROM file_versions v WHERE v.blob_key = k)
       AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.blob_key = k)
       AND NOT EXISTS (SELECT 1 FROM tus_uploads t WHERE t.part_keys @> ARRAY[k])
       AND NOT EXISTS (SELECT 1 FROM tus_uploads t WHERE t.writing_key = k)
       AND NOT EXISTS (SELECT 1 FROM blob_scans q WHERE q.quarantine_key = k)`,
    [keys],
  );
  return rows.map((r) => r.key);
}

/**
 * Forgets the saved uploads that became these files, as the files are deleted for good: the record of an upload
 * names its blob, which would otherwise outlive the last file that uses it.
 */
export async function deleteSavedUploadsOf(tx: Queryable, tenantCode: string, fileIds: readonly string[]) {
  if (fileIds.length === 0) return;
  await tx.query(
    `DELETE FROM uploads WHERE tenant_code = $1 AND state = 'saved' AND file_id = ANY($2::uuid[])`,
    [tenantCode, fileIds],
  );
}

/** A pending upload the reaper removed, as its row held it. */
export interface ExpiredUploadRow {
  tenant_code: string;
  site_id: string;
  created_by: string;
  reference_number: string;
  blob_key: string;
  file_name: string;
  size: number | string;
}

/**
 * Deletes up to `limit` pending uploads older than `graceSeconds`, across tenants (the owner connection), oldest
 * first; `SKIP LOCKED` leaves alone those a save or discard holds right now. Answers what it deleted.
 */
export async function deleteExpiredPendingUploads(
  tx: Queryable,
  graceSeconds: number,
  limit: number,
): Promise<ExpiredUploadRow[]> {
  const { rows } = await tx.query<ExpiredUploadRow>(
    `DELETE FROM uploads
     WHERE id IN (SELECT id FROM uploads
                  WHERE state = 'pending' AND created_at < now() - make_interval(secs => $1)
                  ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING tenant_code, site_id, created_by, reference_number, blob_key, file_name, size`,
    [graceSeconds, limit],
  );
  return rows;
}
