import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { siteMembersJoin } from '../sites/members.repository.ts';

/** The rows of read receipts (file-reads.ts): who of a site's members opened which published file. */

/** How many live published files of the site the caller has no event of `openingActions` for. */
export async function countUnopenedPublishedFiles(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  openingActions: readonly string[],
): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM files f
     WHERE f.tenant_code = $1 AND f.site_id = $2 AND f.direction = 'published' AND f.deleted_at IS NULL
       AND NOT ${heldFileSql('f')}
       AND NOT EXISTS (SELECT 1 FROM audit_events a
                       WHERE a.tenant_code = $1 AND a.file_id = f.id AND a.user_id = $3 AND a.action = ANY($4::text[]))`,
    [caller.tenantCode, siteId, caller.user.id, openingActions],
  );
  return rows[0]?.n ?? 0;
}

/** Which of `ids` are live published files of the site. */
export async function livePublishedFileIds(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  ids: readonly string[],
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM files
     WHERE tenant_code = $1 AND site_id = $2 AND direction = 'published' AND deleted_at IS NULL
       AND id = ANY($3::uuid[])`,
    [caller.tenantCode, siteId, ids],
  );
  return rows.map((r) => r.id);
}

export interface ReaderRow {
  file_id: string;
  user_id: string;
  name: string;
  email: string;
  first_at: Date | string | null;
  last_at: Date | string | null;
  n: number;
}

/** For each file, every current member of its site with their first and last opening and how many. */
export async function listReaderRows(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  fileIds: readonly string[],
  openingActions: readonly string[],
): Promise<ReaderRow[]> {
  const { rows } = await tx.query<ReaderRow>(
    `SELECT f.id AS file_id, m.user_id, coalesce(p.name, '') AS name, coalesce(p.email, '') AS email,
            min(a.occurred_at) AS first_at, max(a.occurred_at) AS last_at, count(a.id)::int AS n
     FROM files f
     ${siteMembersJoin('m', 'f')}
     LEFT JOIN tenant_people p ON p.tenant_code = m.tenant_code AND p.user_id = m.user_id
     LEFT JOIN audit_events a ON a.tenant_code = f.tenant_code AND a.file_id = f.id
                             AND a.user_id = m.user_id AND a.action = ANY($4::text[])
     WHERE f.tenant_code = $1 AND f.site_id = $2 AND f.id = ANY($3::uuid[])
     GROUP BY f.id, m.user_id, p.name, p.email
     ORDER BY min(a.occurred_at) NULLS LAST, lower(coalesce(p.name, '')), m.user_id`,
    [caller.tenantCode, siteId, fileIds, openingActions],
  );
  return rows;
}
