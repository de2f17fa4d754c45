import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  FILE_PREVIEW_AUDIT_ACTION,
  type PublishedFileReader,
  type PublishedFileReadsList,
} from '@portico/contracts';
import type { Caller } from '../auth/tenant-scope.ts';
import type { Database } from '../db/database.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { requireAccess } from '../sites/access.ts';
import { siteMembersJoin } from '../sites/members.repository.ts';
import type { SiteSettingsCache } from '../sites/site-settings-cache.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';

/**
 * Read receipts. A read is a download of a published file by a member of its site, alone or in a zip, from its
 * first byte, or a preview (decision 33): the events the audit log already holds (`audit_events_file_user`,
 * migration 0002), the same that clear a file's "New" marker.
 */

/** How many live published files of a site the caller has never opened (the landing page's notice). */
export async function countNewPublishedFiles(
  db: Database,
  settings: SiteSettingsCache,
  scope: Caller,
  siteId: string,
): Promise<number> {
  return db.readTenant(scope.tenantCode, async (tx) => {
    await findVisibleSite(tx, scope, siteId);
    await requireAccess(tx, scope, 'publishedFiles.list', { visibleSiteId: siteId, settings });
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM files f
       WHERE f.tenant_code = $1 AND f.site_id = $2 AND f.direction = 'published' AND f.deleted_at IS NULL
         AND NOT ${heldFileSql('f')}
         AND NOT EXISTS (SELECT 1 FROM audit_events a
                         WHERE a.tenant_code = $1 AND a.file_id = f.id AND a.user_id = $3 AND a.action = ANY($4::text[]))`,
      [scope.tenantCode, siteId, scope.user.id, OPENING_ACTIONS],
    );
    return rows[0]?.n ?? 0;
  });
}

/** What counts as opening a file: downloading it or previewing it. */
const OPENING_ACTIONS = [FILE_DOWNLOAD_AUDIT_ACTION, FILE_PREVIEW_AUDIT_ACTION];

interface ReaderRow {
  file_id: string;
  user_id: string;
  name: string;
  email: string;
  first_at: Date | string | null;
  last_at: Date | string | null;
  n: number;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * For each asked-for live published file of a site of the caller's firm, every current member of the site with
 * when they first and last opened it and how often. A site of another firm answers `sites.not_found`, a file
 * that is not published to this site is left out; staff downloads and former members are not counted.
 */
export async function listPublishedFileReads(
  db: Database,
  scope: Caller,
  siteId: string,
  fileIds: readonly string[],
): Promise<PublishedFileReadsList> {
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  return db.readTenant(scope.tenantCode, async (tx) => {
    const site = await findTenantSite(tx, scope, siteId);
    const files = await tx.query<{ id: string }>(
      `SELECT id FROM files
       WHERE tenant_code = $1 AND site_id = $2 AND direction = 'published' AND deleted_at IS NULL
         AND id = ANY($3::uuid[])`,
      [scope.tenantCode, siteId, ids],
    );
    const live = new Set(files.rows.map((r) => r.id));
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
      [scope.tenantCode, siteId, [...live], OPENING_ACTIONS],
    );
    const byFile = new Map<string, PublishedFileReader[]>([...live].map((id) => [id, []]));
    for (const row of rows) {
      byFile.get(row.file_id)?.push({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        firstOpenedAt: isoOrNull(row.first_at),
        lastOpenedAt: isoOrNull(row.last_at),
        openCount: row.n,
      });
    }
    return {
      records: ids.flatMap((id) => {
        const members = byFile.get(id);
        if (!members) return [];
        return [{ fileId: id, openedCount: members.filter((m) => m.openCount > 0).length, members }];
      }),
      memberCount: site.memberCount,
    };
  });
}
