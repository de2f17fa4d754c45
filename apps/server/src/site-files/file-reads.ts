import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  FILE_PREVIEW_AUDIT_ACTION,
  type PublishedFileReader,
  type PublishedFileReadsList,
} from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { requireAccess } from '../sites/access.ts';
import type { SiteSettingsCache } from '../sites/site-settings-cache.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import {
  countUnopenedPublishedFiles,
  listReaderRows,
  livePublishedFileIds,
} from './file-reads.repository.ts';

/**
 * Read receipts. A read is a download of a published file by a member of its site, alone or in a zip, from its
 * first byte, or a preview (decision 33): the events the audit log already holds (`audit_events_file_user`,
 * migration 0002), the same that clear a file's "New" marker.
 */

/** How many live published files of a site the caller has never opened (the landing page's notice). */
export async function countNewPublishedFiles(
  db: Database,
  settings: SiteSettingsCache,
  caller: Caller,
  siteId: string,
): Promise<number> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    await findVisibleSite(tx, caller, siteId);
    await requireAccess(tx, caller, 'publishedFiles.list', { visibleSiteId: siteId, settings });
    return countUnopenedPublishedFiles(tx, caller, siteId, OPENING_ACTIONS);
  });
}

/** What counts as opening a file: downloading it or previewing it. */
const OPENING_ACTIONS = [FILE_DOWNLOAD_AUDIT_ACTION, FILE_PREVIEW_AUDIT_ACTION];

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * For each asked-for live published file of a site of the caller's firm, every current member of the site with
 * when they first and last opened it and how often. A site of another firm answers `sites.not_found`, a file
 * that is not published to this site is left out; staff downloads and former members are not counted.
 */
export async function listPublishedFileReads(
  db: Database,
  caller: Caller,
  siteId: string,
  fileIds: readonly string[],
): Promise<PublishedFileReadsList> {
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  return db.readTenant(caller.tenantCode, async (tx) => {
    const site = await findTenantSite(tx, caller, siteId);
    const live = new Set(await livePublishedFileIds(tx, caller, siteId, ids));
    const rows = await listReaderRows(tx, caller, siteId, [...live], OPENING_ACTIONS);
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
