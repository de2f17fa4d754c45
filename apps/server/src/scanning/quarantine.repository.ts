import type { QuarantinedFile } from '@portico/contracts';
import type { Database, Queryable } from '../db/database.ts';

/** The quarantine (decision 43): infected blobs whose bytes were moved out of every download path. */

interface QuarantineRow {
  id: string;
  file_name: string;
  size: number | string;
  signature: string;
  site_id: string | null;
  site_name: string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  quarantined_at: Date | string;
}

/** One page of a firm's quarantine, newest first, with the total. */
export async function listQuarantine(
  tx: Queryable,
  tenantCode: string,
  page: { limit: number; offset: number },
): Promise<{ records: QuarantinedFile[]; totalRecordCount: number }> {
  const { rows } = await tx.query<QuarantineRow & { total: number }>(
    `SELECT q.id, q.file_name, q.size, q.signature, q.site_id, s.name AS site_name, q.uploaded_by AS user_id,
            u.name AS user_name, u.email AS user_email, q.quarantined_at, count(*) OVER ()::int AS total
     FROM blob_scans q
     LEFT JOIN sites s ON s.tenant_code = q.tenant_code AND s.id = q.site_id
     LEFT JOIN tenant_people u ON u.tenant_code = q.tenant_code AND u.user_id = q.uploaded_by
     WHERE q.tenant_code = $1 AND q.state = 'infected' AND q.purged_at IS NULL
     ORDER BY q.quarantined_at DESC, q.id
     LIMIT $2 OFFSET $3`,
    [tenantCode, page.limit, page.offset],
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      fileName: r.file_name,
      size: Number(r.size),
      signature: r.signature,
      site: r.site_id === null ? null : { id: r.site_id, name: r.site_name ?? '' },
      uploadedBy:
        r.user_id === null ? null : { id: r.user_id, name: r.user_name ?? '', email: r.user_email ?? '' },
      quarantinedAt: new Date(r.quarantined_at).toISOString(),
    })),
    totalRecordCount: rows[0]?.total ?? 0,
  };
}

/**
 * Marks a firm's quarantined blob purged and answers its keys (the quarantined bytes and, should a crash have
 * left them, the original ones) for the caller to delete after the commit; undefined when there is none.
 */
export async function markQuarantinePurged(tx: Queryable, tenantCode: string, id: string) {
  const { rows } = await tx.query<{
    blob_key: string;
    quarantine_key: string | null;
    file_name: string;
    site_id: string | null;
    signature: string;
  }>(
    `UPDATE blob_scans SET purged_at = now()
     WHERE tenant_code = $1 AND id = $2 AND state = 'infected' AND purged_at IS NULL
     RETURNING blob_key, quarantine_key, file_name, site_id, signature`,
    [tenantCode, id],
  );
  return rows[0];
}

/** Every firm's quarantined blobs older than `days`, marked purged; answers their keys. Runs as the owner. */
export async function purgeExpiredQuarantine(db: Database, days: number) {
  const { rows } = await db.query<{ blob_key: string; quarantine_key: string | null }>(
    `UPDATE blob_scans SET purged_at = now()
     WHERE state = 'infected' AND purged_at IS NULL AND quarantined_at < now() - make_interval(days => $1)
     RETURNING blob_key, quarantine_key`,
    [days],
  );
  return rows;
}

/** The names a mail shows: the site's and the uploader's, as the firm knows them. */
export async function namesOf(
  tx: Queryable,
  tenantCode: string,
  siteId: string | null,
  userId: string | null,
) {
  const { rows } = await tx.query<{ site_name: string | null; user_name: string | null }>(
    `SELECT (SELECT name FROM sites WHERE tenant_code = $1 AND id = $2) AS site_name,
            (SELECT name FROM tenant_people WHERE tenant_code = $1 AND user_id = $3) AS user_name`,
    [tenantCode, siteId, userId],
  );
  return { siteName: rows[0]?.site_name ?? null, userName: rows[0]?.user_name ?? null };
}
