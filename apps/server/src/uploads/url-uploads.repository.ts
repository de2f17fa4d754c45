import type { UrlUploadJob } from '@portico/contracts';
import type { Database, Queryable } from '../db/database.ts';

/** The jobs of "Upload from a link" (url_uploads, migration 0027): their state, for any server process to answer. */

export interface NewUrlUpload {
  tenantCode: string;
  siteId: string;
  folderId: string | null;
  userId: string;
  url: string;
}

export async function insertUrlUpload(tx: Queryable, job: NewUrlUpload): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO url_uploads (tenant_code, site_id, folder_id, user_id, url) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [job.tenantCode, job.siteId, job.folderId, job.userId, job.url],
  );
  return rows[0]!.id;
}

/** Jobs of a user still fetching, updated within `freshSeconds` (older ones died with their process). */
export async function countFetchingUrlUploads(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  freshSeconds: number,
): Promise<number> {
  const { rows } = await tx.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM url_uploads
     WHERE tenant_code = $1 AND user_id = $2 AND state = 'fetching'
       AND updated_at > now() - make_interval(secs => $3)`,
    [tenantCode, userId, freshSeconds],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function updateUrlUploadProgress(
  tx: Queryable,
  tenantCode: string,
  id: string,
  progress: { bytesReceived: number; bytesExpected?: number | null; fileName?: string },
) {
  await tx.query(
    `UPDATE url_uploads SET bytes_received = $3, bytes_expected = coalesce($4, bytes_expected),
       file_name = coalesce($5, file_name), updated_at = now()
     WHERE tenant_code = $1 AND id = $2 AND state = 'fetching'`,
    [tenantCode, id, progress.bytesReceived, progress.bytesExpected ?? null, progress.fileName ?? null],
  );
}

export async function markUrlUploadDone(
  tx: Queryable,
  tenantCode: string,
  id: string,
  done: { referenceNumber: string; size: number; fileName: string },
) {
  await tx.query(
    `UPDATE url_uploads SET state = 'done', reference_number = $3, bytes_received = $4, file_name = $5,
       updated_at = now()
     WHERE tenant_code = $1 AND id = $2`,
    [tenantCode, id, done.referenceNumber, done.size, done.fileName],
  );
}

export async function markUrlUploadFailed(
  tx: Queryable,
  tenantCode: string,
  id: string,
  error: { code: string; message: string },
) {
  await tx.query(
    `UPDATE url_uploads SET state = 'failed', error_code = $3, error_message = $4, updated_at = now()
     WHERE tenant_code = $1 AND id = $2 AND state = 'fetching'`,
    [tenantCode, id, error.code, error.message],
  );
}

interface UrlUploadRow {
  id: string;
  site_id: string;
  folder_id: string | null;
  state: UrlUploadJob['state'];
  bytes_received: number | string;
  bytes_expected: number | string | null;
  file_name: string | null;
  reference_number: string | null;
  error_code: string | null;
  error_message: string | null;
  /** Still fetching, but not updated for longer than the fetch may last: its process is gone. */
  stale: boolean;
}

/** A user's own job (another's answers nothing); a job left behind by a process that died reads as failed. */
export async function findUrlUpload(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  id: string,
  staleSeconds: number,
): Promise<UrlUploadJob | undefined> {
  const { rows } = await tx.query<UrlUploadRow>(
    `SELECT id, site_id, folder_id, state, bytes_received, bytes_expected, file_name, reference_number,
            error_code, error_message,
            state = 'fetching' AND updated_at < now() - make_interval(secs => $4) AS stale
     FROM url_uploads WHERE tenant_code = $1 AND user_id = $2 AND id = $3`,
    [tenantCode, userId, id, staleSeconds],
  );
  const row = rows[0];
  if (!row) return undefined;
  const failed = row.stale
    ? { code: 'url.fetch_failed', message: 'The fetch stopped: the server fetching it went away. Try again.' }
    : row.error_code
      ? { code: row.error_code, message: row.error_message ?? '' }
      : undefined;
  return {
    jobId: row.id,
    state: row.stale ? 'failed' : row.state,
    bytesReceived: Number(row.bytes_received),
    bytesExpected: row.bytes_expected === null ? null : Number(row.bytes_expected),
    fileName: row.file_name,
    siteId: row.site_id,
    folderId: row.folder_id,
    ...(row.reference_number ? { referenceNumber: row.reference_number } : {}),
    ...(failed ? { error: failed } : {}),
  };
}

/** Removes the jobs of every tenant last updated before `before` (the sweep); answers how many. */
export async function deleteUrlUploadsUpdatedBefore(db: Database, before: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM url_uploads WHERE updated_at < $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
