import type { FollowedPlace, SiteFollower } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';

/**
 * The only SQL of subscriptions (decision 59): `file_subscriptions` (migration 0029), one row per person and
 * followed place, `folder_id` NULL for the whole site. A folder's rows go with it when it is destroyed (foreign key
 * cascade); a folder in the trash keeps them but they are neither listed nor mailed until it is restored.
 */

/** The key of a place in `replaceSubscriptions`: a folder id, or `site` for the whole site. */
export const WHOLE_SITE = 'site';

/** The caller's subscriptions in one site: whole site or not, and the live folders followed. */
export async function readSubscriptions(tx: Queryable, tenantCode: string, userId: string, siteId: string) {
  const { rows } = await tx.query<{ folder_id: string | null }>(
    `SELECT s.folder_id FROM file_subscriptions s
     LEFT JOIN folders f ON f.tenant_code = s.tenant_code AND f.id = s.folder_id
     WHERE s.tenant_code = $1 AND s.user_id = $2 AND s.site_id = $3
       AND (s.folder_id IS NULL OR f.deleted_at IS NULL)
     ORDER BY lower(f.name), s.folder_id`,
    [tenantCode, userId, siteId],
  );
  return {
    wholeSite: rows.some((r) => r.folder_id === null),
    folderIds: rows.flatMap((r) => (r.folder_id ? [r.folder_id] : [])),
  };
}

/** Which of `ids` are live folders of the site. */
export async function liveFolderIdsOf(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM folders
     WHERE tenant_code = $1 AND site_id = $2 AND deleted_at IS NULL AND id::text = ANY($3::text[])`,
    [tenantCode, siteId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Makes the person's subscriptions in the site exactly `keys` (folder ids, `site` for the whole site); answers
 * which keys were added and removed. Rows of folders in the trash are kept: restoring the folder restores them.
 */
export async function replaceSubscriptions(
  tx: Queryable,
  where: { tenantCode: string; userId: string; siteId: string },
  keys: readonly string[],
) {
  const params = [where.tenantCode, where.userId, where.siteId, keys];
  const removed = await tx.query<{ key: string }>(
    `DELETE FROM file_subscriptions s
     WHERE s.tenant_code = $1 AND s.user_id = $2 AND s.site_id = $3
       AND NOT (coalesce(s.folder_id::text, '${WHOLE_SITE}') = ANY($4::text[]))
       AND (s.folder_id IS NULL OR EXISTS (SELECT 1 FROM folders f
             WHERE f.tenant_code = s.tenant_code AND f.id = s.folder_id AND f.deleted_at IS NULL))
     RETURNING coalesce(s.folder_id::text, '${WHOLE_SITE}') AS key`,
    params,
  );
  const added = await tx.query<{ key: string }>(
    `INSERT INTO file_subscriptions (tenant_code, user_id, site_id, folder_id)
     SELECT $1, $2::uuid, $3::uuid, nullif(k, '${WHOLE_SITE}')::uuid FROM unnest($4::text[]) AS k
     ON CONFLICT DO NOTHING
     RETURNING coalesce(folder_id::text, '${WHOLE_SITE}') AS key`,
    params,
  );
  return { added: added.rows.map((r) => r.key), removed: removed.rows.map((r) => r.key) };
}

/** `up`: the folder `$3` (of tenant `$1`, site `$2`) and every live folder above it, with their depth. */
const PLACE_AND_ABOVE = `WITH RECURSIVE up (id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM folders
       WHERE tenant_code = $1 AND site_id = $2 AND id = $3::uuid AND deleted_at IS NULL
       UNION ALL
       SELECT f.id, f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
       WHERE f.tenant_code = $1 AND f.deleted_at IS NULL AND up.depth < 1000
     )`;

/** A subscriber of a place a file is in: the most specific of their subscriptions that covers it. */
export interface FollowerRow {
  subscription_id: string;
  user_id: string;
  folder_id: string | null;
  folder_name: string | null;
  is_staff: boolean;
  is_member: boolean;
}

/**
 * Who follows a file's place in a site: the subscriptions of the folder, of every folder above it, and of the
 * whole site; one row per person (the deepest folder of theirs, then the whole site), with whether they are the
 * firm's staff or an active member of the site (not archived) now.
 */
export async function followersOf(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  folderId: string | null,
): Promise<FollowerRow[]> {
  const { rows } = await tx.query<FollowerRow>(
    `${PLACE_AND_ABOVE},
     covering AS (
       SELECT s.id, s.user_id, s.folder_id, coalesce(up.depth, 100000) AS depth
       FROM file_subscriptions s LEFT JOIN up ON up.id = s.folder_id
       WHERE s.tenant_code = $1 AND s.site_id = $2 AND (s.folder_id IS NULL OR up.id IS NOT NULL)
     ),
     chosen AS (
       SELECT c.*, row_number() OVER (PARTITION BY c.user_id ORDER BY c.depth, c.id) AS n FROM covering c
     )
     SELECT c.id AS subscription_id, c.user_id, c.folder_id, f.name AS folder_name,
       EXISTS (SELECT 1 FROM tenant_staff st WHERE st.tenant_code = $1 AND st.user_id = c.user_id) AS is_staff,
       EXISTS (SELECT 1 FROM ${ACTIVE_MEMBERSHIPS} am
               WHERE am.tenant_code = $1 AND am.site_id = $2 AND am.user_id = c.user_id) AS is_member
     FROM chosen c LEFT JOIN folders f ON f.tenant_code = $1 AND f.id = c.folder_id
     WHERE c.n = 1
     ORDER BY c.user_id`,
    [tenantCode, siteId, folderId],
  );
  return rows;
}

/**
 * Ends one subscription of one person (the Notifications page, or a mail's link); answers its site and folder,
 * or undefined when there was none.
 */
export async function deleteSubscription(tx: Queryable, tenantCode: string, userId: string, id: string) {
  const { rows } = await tx.query<{ site_id: string; folder_id: string | null }>(
    `DELETE FROM file_subscriptions WHERE tenant_code = $1 AND user_id = $2 AND id = $3
     RETURNING site_id, folder_id`,
    [tenantCode, userId, id],
  );
  return rows[0];
}

/** A subscription's place by name, for the unsubscribe page (before it is ended). */
export async function findSubscriptionPlace(tx: Queryable, tenantCode: string, userId: string, id: string) {
  const { rows } = await tx.query<{ site_name: string; folder_name: string | null }>(
    `SELECT si.name AS site_name, f.name AS folder_name
     FROM file_subscriptions s
     JOIN sites si ON si.tenant_code = s.tenant_code AND si.id = s.site_id
     LEFT JOIN folders f ON f.tenant_code = s.tenant_code AND f.id = s.folder_id
     WHERE s.tenant_code = $1 AND s.user_id = $2 AND s.id = $3`,
    [tenantCode, userId, id],
  );
  return rows[0];
}

interface PlaceRow {
  id: string;
  site_id: string;
  site_name: string;
  folder_id: string | null;
  folder_name: string | null;
  created_at: Date | string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * Everything the person follows in the tenant, in sites that are not archived and live folders, by site name then
 * folder name (whole site first).
 */
export async function listOwnSubscriptions(
  tx: Queryable,
  tenantCode: string,
  userId: string,
): Promise<FollowedPlace[]> {
  const { rows } = await tx.query<PlaceRow>(
    `SELECT s.id, s.site_id, si.name AS site_name, s.folder_id, f.name AS folder_name, s.created_at
     FROM file_subscriptions s
     JOIN sites si ON si.tenant_code = s.tenant_code AND si.id = s.site_id AND si.archived_at IS NULL
     LEFT JOIN folders f ON f.tenant_code = s.tenant_code AND f.id = s.folder_id
     WHERE s.tenant_code = $1 AND s.user_id = $2 AND (s.folder_id IS NULL OR f.deleted_at IS NULL)
     ORDER BY lower(si.name), si.id, s.folder_id IS NOT NULL, lower(f.name), s.id`,
    [tenantCode, userId],
  );
  return rows.map((r) => ({
    id: r.id,
    siteId: r.site_id,
    siteName: r.site_name,
    folderId: r.folder_id,
    folderName: r.folder_name,
    createdAt: iso(r.created_at),
  }));
}

/** Who follows what in a site, as the firm knows the people (tenant_people), by name. */
export async function listSiteFollowers(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
): Promise<SiteFollower[]> {
  const { rows } = await tx.query<
    PlaceRow & { user_id: string; user_name: string | null; user_email: string | null }
  >(
    `SELECT s.id, s.site_id, '' AS site_name, s.folder_id, f.name AS folder_name, s.created_at, s.user_id,
       coalesce(p.name, u.name) AS user_name, coalesce(p.email, u.email) AS user_email
     FROM file_subscriptions s
     JOIN users u ON u.id = s.user_id
     LEFT JOIN tenant_people p ON p.tenant_code = s.tenant_code AND p.user_id = s.user_id
     LEFT JOIN folders f ON f.tenant_code = s.tenant_code AND f.id = s.folder_id
     WHERE s.tenant_code = $1 AND s.site_id = $2 AND (s.folder_id IS NULL OR f.deleted_at IS NULL)
     ORDER BY lower(coalesce(p.name, u.name)), s.user_id, s.folder_id IS NOT NULL, lower(f.name), s.id`,
    [tenantCode, siteId],
  );
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.user_id, name: r.user_name ?? '', email: r.user_email ?? '' },
    folderId: r.folder_id,
    folderName: r.folder_name,
    createdAt: iso(r.created_at),
  }));
}

/** Every subscription covering a place (the folder, the folders above it, the whole site): what a move leaves. */
export async function coveringSubscriptionIds(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  folderId: string | null,
): Promise<Set<string>> {
  const { rows } = await tx.query<{ id: string }>(
    `${PLACE_AND_ABOVE}
     SELECT s.id FROM file_subscriptions s LEFT JOIN up ON up.id = s.folder_id
     WHERE s.tenant_code = $1 AND s.site_id = $2 AND (s.folder_id IS NULL OR up.id IS NOT NULL)`,
    [tenantCode, siteId, folderId],
  );
  return new Set(rows.map((r) => r.id));
}
