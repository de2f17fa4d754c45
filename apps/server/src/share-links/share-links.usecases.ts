import { createHash, randomBytes } from 'node:crypto';
import {
  type EmailFilesBody,
  FILE_DOWNLOAD_AUDIT_ACTION,
  SHARE_LINK_AUDIT_ACTIONS,
  SHARE_LINK_TOKEN_PATTERN,
  type ShareLink,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { type FileTarget, requireFileAccess } from '../site-files/file-access.ts';
import { may } from '../sites/access.ts';
import { callerOfUser } from '../sites/callers.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import {
  countShareLinkDownload,
  findPageBranding,
  findSharedFiles,
  findShareLinkByToken,
  findShareLinks,
  findTenantOfToken,
  insertShareLink,
  listLiveShareLinks,
  markShareLinkRevoked,
  type PageBranding,
  type SharedFile,
} from './share-links.repository.ts';

/**
 * E-mailing files as share links (issue 27 item 6, decision 52). A send checks every file with `files.email`
 * (staff always; a client with the site's flags), writes one link per recipient (a random token, only its
 * SHA-256 kept) and its mail in the outbox, in one transaction with the audit events: all of it or nothing.
 */

export type ShareLinkSettings = Pick<Config, 'publicUrl' | 'shareLinkDays'>;

/** The public page of a link. */
export const SHARE_LINK_PATH = '/s';

const DAY_MS = 86_400_000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => `sl_${randomBytes(32).toString('base64url')}`;
const TOKEN = new RegExp(SHARE_LINK_TOKEN_PATTERN);

export const shareLinkNotFound = () =>
  new AppError('share_links.not_found', 'There is no such share link, or it is not one you may change.');

export async function emailFiles(
  db: Database,
  caller: Caller,
  body: EmailFilesBody,
  settings: ShareLinkSettings,
): Promise<ShareLink[]> {
  const fileIds = [...new Set(body.fileIds.map((id) => id.toLowerCase()))];
  const recipients = [...new Set(body.to.map((address) => address.trim()))];
  const days = body.expiresInDays ?? settings.shareLinkDays;
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  const message = body.message?.trim() ? body.message.trim() : null;
  const maxDownloads = body.maxDownloads ?? null;
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files: FileTarget[] = [];
    for (const id of fileIds) files.push(await requireFileAccess(tx, caller, 'files.email', id));
    const ids: string[] = [];
    for (const recipient of recipients) {
      const token = newToken();
      const id = await insertShareLink(tx, {
        tenantCode: caller.tenantCode,
        tokenSha256: sha256(token),
        createdBy: caller.user.id,
        recipient,
        message,
        expiresAt,
        maxDownloads,
        fileIds,
      });
      ids.push(id);
      await enqueueMail(tx, {
        tenantCode: caller.tenantCode,
        template: 'files-shared',
        to: { email: recipient },
        data: {
          senderName: caller.user.name,
          titles: files.map((f) => f.title),
          message,
          link: `${settings.publicUrl}${SHARE_LINK_PATH}/${token}`,
          expiresOn: expiresAt.toISOString().slice(0, 10),
          maxDownloads,
        },
        dedupeKey: `share-link:${id}`,
      });
    }
    await recordAuditEvents(
      tx,
      files.map((file) => ({
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: SHARE_LINK_AUDIT_ACTIONS.email,
        fileId: file.id,
        detail: {
          fileName: file.fileName,
          recipients,
          shareLinkIds: ids,
          expiresAt: expiresAt.toISOString(),
          maxDownloads,
          ...(caller.user.isStaff ? { staff: true } : {}),
        },
      })),
    );
    return findShareLinks(tx, caller.tenantCode, ids);
  });
}

/** The live links the caller may see: staff every one of their firm, anybody else the ones they sent. */
export const listShareLinks = (db: Database, caller: Caller) =>
  db.readTenant(caller.tenantCode, (tx) =>
    listLiveShareLinks(tx, caller.tenantCode, caller.user.isStaff ? null : caller.user.id),
  );

/**
 * Revokes a link: its sender, or the firm's staff (another's link answers 404, as a missing one). Revoking is
 * always allowed, whatever the flags now say: it only takes away. Audited once per file, for the files' history.
 */
export async function revokeShareLink(db: Database, caller: Caller, id: string): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const [link] = await findShareLinks(tx, caller.tenantCode, [id.toLowerCase()]);
    if (!link || (!caller.user.isStaff && link.sentBy.id !== caller.user.id)) throw shareLinkNotFound();
    if (link.revokedAt !== null) return;
    const revoked = await markShareLinkRevoked(tx, caller.tenantCode, link.id, caller.user.id);
    await recordAuditEvents(
      tx,
      (revoked?.files ?? []).map((file) => ({
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: SHARE_LINK_AUDIT_ACTIONS.revoke,
        fileId: file.id,
        detail: { shareLinkId: link.id, recipient: link.recipient, sentBy: link.sentBy.id },
      })),
    );
  });
}

/** Why a link's page cannot open: unknown (404) or no longer usable (410, with the reason). */
export class ShareLinkRefusal extends Error {
  readonly status: 404 | 410;
  readonly reason: 'unknown' | 'expired' | 'revoked' | 'exhausted';
  readonly branding: PageBranding | undefined;
  constructor(status: 404 | 410, reason: ShareLinkRefusal['reason'], branding?: PageBranding) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.branding = branding;
  }
}

export interface OpenedShareLink {
  tenantCode: string;
  link: ShareLink;
  files: SharedFile[];
  branding: PageBranding;
}

/** Who opens a link: their network address, kept in every audit event of the use. */
export interface ShareLinkVisitor {
  address: string;
}

/**
 * The link of a token that still opens, in its own tenant (found by the hash alone, then read with that tenant's
 * row security: a link of one firm reaches nothing of another). Unknown: 404; revoked, expired or at its limit:
 * 410 with the firm's branding.
 */
async function liveLink(db: Database, token: string) {
  if (!TOKEN.test(token)) throw new ShareLinkRefusal(404, 'unknown');
  const hash = sha256(token);
  const tenantCode = await findTenantOfToken(db, hash);
  if (!tenantCode) throw new ShareLinkRefusal(404, 'unknown');
  return { tenantCode, hash };
}

async function checkedLink(tx: Queryable, tenantCode: string, hash: string) {
  const link = await findShareLinkByToken(tx, tenantCode, hash);
  const branding = await findPageBranding(tx, tenantCode);
  if (!link || !branding) throw new ShareLinkRefusal(404, 'unknown');
  if (link.state !== 'live') throw new ShareLinkRefusal(410, link.state, branding);
  return { link, branding };
}

/**
 * The files of a link its sender may still e-mail: a link is the sender's act, so it follows what they may do
 * now. A client who left the site, or whose site turned `internalFilesEmail` (or downloads) off, shares nothing
 * more through their links; staff share every live file of a site that is not archived.
 */
async function stillShared(tx: Queryable, tenantCode: string, link: ShareLink, files: SharedFile[]) {
  if (!files.length) return files;
  const sender = await callerOfUser(tx, tenantCode, link.sentBy.id);
  if (!sender) return [];
  const allowed = new Map<string, boolean>();
  for (const siteId of new Set(files.map((f) => f.siteId))) {
    const site = await findVisibleSite(tx, sender, siteId).catch(() => undefined);
    allowed.set(siteId, site !== undefined && may(sender, 'files.email', site));
  }
  return files.filter((f) => allowed.get(f.siteId));
}

/** The page of a link: its files that can still be taken; the visit is audited. */
export async function openShareLink(
  db: Database,
  token: string,
  visitor: ShareLinkVisitor,
): Promise<OpenedShareLink> {
  const { tenantCode, hash } = await liveLink(db, token);
  return db.withTenant(tenantCode, async (tx) => {
    const { link, branding } = await checkedLink(tx, tenantCode, hash);
    const files = await stillShared(tx, tenantCode, link, await findSharedFiles(tx, tenantCode, link.id));
    await recordAuditEvents(tx, [
      {
        tenantCode,
        siteId: files[0]?.siteId ?? null,
        userId: null,
        action: SHARE_LINK_AUDIT_ACTIONS.open,
        detail: {
          shareLinkId: link.id,
          recipient: link.recipient,
          sentBy: link.sentBy.id,
          address: visitor.address,
        },
      },
    ]);
    return { tenantCode, link, files, branding };
  });
}

/**
 * One file of a link, for `serveOneFile`: the tenant, the lookup (the link must still open and hold the file)
 * and what a download records: one more use of the link (refused once the limit is reached) and a
 * `file.download` event that names the recipient and the downloader's address.
 */
export async function sharedFileDownload(
  db: Database,
  token: string,
  fileId: string,
  visitor: ShareLinkVisitor,
) {
  const { tenantCode, hash } = await liveLink(db, token);
  let shareLink: ShareLink | undefined;
  return {
    tenantCode,
    async find(tx: Queryable): Promise<SharedFile> {
      shareLink = (await checkedLink(tx, tenantCode, hash)).link;
      const [file] = await stillShared(
        tx,
        tenantCode,
        shareLink,
        await findSharedFiles(tx, tenantCode, shareLink.id, fileId.toLowerCase()),
      );
      if (!file) throw new AppError('files.not_found', 'This file is no longer shared through this link.');
      return file;
    },
    async onDownload(tx: Queryable, file: SharedFile, range?: { start: number; end: number }) {
      const link = shareLink!;
      if (!(await countShareLinkDownload(tx, tenantCode, link.id))) {
        throw new ShareLinkRefusal(410, 'exhausted');
      }
      await recordAuditEvents(tx, [
        {
          tenantCode,
          siteId: file.siteId,
          userId: null,
          action: FILE_DOWNLOAD_AUDIT_ACTION,
          fileId: file.id,
          detail: {
            via: 'share-link',
            shareLinkId: link.id,
            recipient: link.recipient,
            sentBy: link.sentBy.id,
            address: visitor.address,
            fileName: file.fileName,
            size: file.size,
            ...(range ? { range } : {}),
          },
        },
      ]);
    },
  };
}
