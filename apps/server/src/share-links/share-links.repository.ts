import type { ShareLink, ShareLinkState } from '@portico/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { type StoredFileRow, toStoredFile } from '../site-files/file-rows.repository.ts';
import type { StoredFile } from '../transfers/stored-file.ts';

/** The rows of share links (migration 0027): the links, their files, and the count of their downloads. */

export interface NewShareLink {
  tenantCode: string;
  tokenSha256: string;
  createdBy: string;
  recipient: string;
  message: string | null;
  expiresAt: Date;
  maxDownloads: number | null;
  fileIds: readonly string[];
}

/** Writes a link and its files; answers its id. */
export async function insertShareLink(tx: Queryable, link: NewShareLink): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO share_links (tenant_code, token_sha256, created_by, recipient_email, message, expires_at,
                              max_downloads)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      link.tenantCode,
      link.tokenSha256,
      link.createdBy,
      link.recipient,
      link.message,
      link.expiresAt,
      link.maxDownloads,
    ],
  );
  const id = rows[0]!.id;
  await tx.query(
    `INSERT INTO share_link_files (tenant_code, share_link_id, file_id, position)
     SELECT $1, $2, f.id, f.position - 1 FROM unnest($3::uuid[]) WITH ORDINALITY AS f(id, position)`,
    [link.tenantCode, id, link.fileIds],
  );
  return id;
}

interface ShareLinkRow {
  id: string;
  recipient_email: string;
  message: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  max_downloads: number | null;
  download_count: number;
  revoked_at: Date | string | null;
  created_by: string;
  sender_name: string | null;
  files: { id: string; title: string; siteId: string }[] | string;
}

const LINK_COLUMNS = `l.id, l.recipient_email, l.message, l.created_at, l.expires_at, l.max_downloads,
  l.download_count, l.revoked_at, l.created_by, coalesce(p.name, u.name) AS sender_name,
  coalesce((SELECT json_agg(json_build_object('id', f.id, 'title', f.title, 'siteId', f.site_id)
                            ORDER BY lf.position)
            FROM share_link_files lf JOIN files f ON f.id = lf.file_id
            WHERE lf.share_link_id = l.id AND f.deleted_at IS NULL), '[]'::json) AS files`;
const LINK_FROM = `share_links l JOIN users u ON u.id = l.created_by
  LEFT JOIN tenant_people p ON p.tenant_code = l.tenant_code AND p.user_id = l.created_by`;
/** A link that still opens: neither revoked, expired, nor at its download limit. */
const LIVE = `l.revoked_at IS NULL AND l.expires_at > now()
  AND (l.max_downloads IS NULL OR l.download_count < l.max_downloads)`;

const iso = (at: Date | string) => new Date(at).toISOString();

function stateOf(row: ShareLinkRow): ShareLinkState {
  if (row.revoked_at !== null) return 'revoked';
  if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
  if (row.max_downloads !== null && row.download_count >= row.max_downloads) return 'exhausted';
  return 'live';
}

const toShareLink = (row: ShareLinkRow): ShareLink => ({
  id: row.id,
  recipient: row.recipient_email,
  files: typeof row.files === 'string' ? JSON.parse(row.files) : row.files,
  sentBy: { id: row.created_by, name: row.sender_name ?? '' },
  message: row.message,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  maxDownloads: row.max_downloads,
  downloadCount: row.download_count,
  revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
  state: stateOf(row),
});

/** Links of a tenant by id, in the order asked. */
export async function findShareLinks(
  tx: Queryable,
  tenantCode: string,
  ids: readonly string[],
): Promise<ShareLink[]> {
  const { rows } = await tx.query<ShareLinkRow>(
    `SELECT ${LINK_COLUMNS} FROM ${LINK_FROM} WHERE l.tenant_code = $1 AND l.id = ANY($2::uuid[])`,
    [tenantCode, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, toShareLink(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The live links of a tenant, or of one sender in it, newest first (at most 500). */
export async function listLiveShareLinks(
  tx: Queryable,
  tenantCode: string,
  sentBy: string | null,
): Promise<ShareLink[]> {
  const { rows } = await tx.query<ShareLinkRow>(
    `SELECT ${LINK_COLUMNS} FROM ${LINK_FROM}
     WHERE l.tenant_code = $1 AND ($2::uuid IS NULL OR l.created_by = $2) AND ${LIVE}
     ORDER BY l.created_at DESC, l.id LIMIT 500`,
    [tenantCode, sentBy],
  );
  return rows.map(toShareLink);
}

/** Revokes a link (a second revocation keeps the first's time); answers the link, or undefined if none. */
export async function markShareLinkRevoked(
  tx: Queryable,
  tenantCode: string,
  id: string,
  by: string,
): Promise<ShareLink | undefined> {
  await tx.query(
    `UPDATE share_links SET revoked_at = now(), revoked_by = $3
     WHERE tenant_code = $1 AND id = $2 AND revoked_at IS NULL`,
    [tenantCode, id, by],
  );
  return (await findShareLinks(tx, tenantCode, [id]))[0];
}

/**
 * The tenant of a token's link, asked as the owner: the public page has no tenant in its path. Everything else
 * about the link is then read in that tenant alone.
 */
export async function findTenantOfToken(db: Database, tokenSha256: string): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_code: string }>(
    'SELECT tenant_code FROM share_links WHERE token_sha256 = $1',
    [tokenSha256],
  );
  return rows[0]?.tenant_code;
}

/** A token's link in its tenant, whatever its state. */
export async function findShareLinkByToken(
  tx: Queryable,
  tenantCode: string,
  tokenSha256: string,
): Promise<ShareLink | undefined> {
  const { rows } = await tx.query<ShareLinkRow>(
    `SELECT ${LINK_COLUMNS} FROM ${LINK_FROM} WHERE l.tenant_code = $1 AND l.token_sha256 = $2`,
    [tenantCode, tokenSha256],
  );
  return rows[0] && toShareLink(rows[0]);
}

export interface SharedFile extends StoredFile {
  title: string;
}

/**
 * The files of a link that can still be taken: live (not deleted, not held by their virus scan), in a site that
 * is not archived; in the order sent, or only `fileId`.
 */
export async function findSharedFiles(
  tx: Queryable,
  tenantCode: string,
  shareLinkId: string,
  fileId?: string,
): Promise<SharedFile[]> {
  const { rows } = await tx.query<StoredFileRow & { title: string }>(
    `SELECT f.id, f.site_id, f.title, f.file_name, f.content_type, f.size, f.sha256, f.blob_key, f.created_at,
            f.folder_id
     FROM share_link_files lf
     JOIN files f ON f.id = lf.file_id AND f.tenant_code = lf.tenant_code
     JOIN sites st ON st.id = f.site_id AND st.tenant_code = f.tenant_code
     WHERE lf.tenant_code = $1 AND lf.share_link_id = $2 AND ($3::uuid IS NULL OR f.id = $3)
       AND f.deleted_at IS NULL AND st.archived_at IS NULL AND NOT ${heldFileSql('f')}
     ORDER BY lf.position`,
    [tenantCode, shareLinkId, fileId ?? null],
  );
  return rows.map((r) => ({ ...toStoredFile(r), title: r.title }));
}

/** Counts one download against a live link; false when the link no longer opens (the limit was just reached). */
export async function countShareLinkDownload(
  tx: Queryable,
  tenantCode: string,
  id: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE share_links l SET download_count = download_count + 1
     WHERE l.tenant_code = $1 AND l.id = $2 AND ${LIVE} RETURNING l.id`,
    [tenantCode, id],
  );
  return rows.length > 0;
}

/** The branding the public page shows: the firm's name, colours and logo. */
export interface PageBranding {
  displayName: string;
  primaryColor: string;
  logoContentType: string;
  logo: Uint8Array;
}

export async function findPageBranding(tx: Queryable, tenantCode: string): Promise<PageBranding | undefined> {
  const { rows } = await tx.query<{
    display_name: string;
    primary_color: string;
    logo: Uint8Array;
    logo_content_type: string;
  }>('SELECT display_name, primary_color, logo, logo_content_type FROM tenants WHERE code = $1', [
    tenantCode,
  ]);
  const row = rows[0];
  return (
    row && {
      displayName: row.display_name,
      primaryColor: row.primary_color,
      logoContentType: row.logo_content_type,
      logo: row.logo,
    }
  );
}
