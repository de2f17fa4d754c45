import {
  FILE_WORKFLOW_AUDIT_ACTIONS,
  type MySubscriptions,
  type SiteFollowers,
  type Subscriptions,
  type UnfollowQuery,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { folderNotFound } from '../folders/folders.errors.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import type { FollowedFileEvent } from '../mail/templates/files-followed.ts';
import { findTenantName } from '../mail/unsubscribe.repository.ts';
import { verifyUnfollow } from '../mail/unsubscribe-links.ts';
import { authorize, requireAccess } from '../sites/access.ts';
import { readEffectiveSettings } from '../sites/sites.repository.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import {
  coveringSubscriptionIds,
  deleteSubscription,
  findSubscriptionPlace,
  followersOf,
  listOwnSubscriptions,
  listSiteFollowers,
  liveFolderIdsOf,
  readSubscriptions,
  replaceSubscriptions,
  WHOLE_SITE,
} from './subscriptions.repository.ts';

/**
 * Subscriptions (issue 27 item 8, decision 59): a person follows folders of a site, or the whole site, and gets a
 * batched mail about new and updated files there, with a one-click link that ends the subscription.
 * `files.subscribe` (flag `fileAreaManageEmailSubscription`) gates changing them.
 */

/** `GET subscriptions?siteId=`: what the caller follows in the site. */
export async function getSubscriptions(db: Database, caller: Caller, siteId: string): Promise<Subscriptions> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const site = await requireAccess(tx, caller, 'files.subscribe', { siteId });
    return readSubscriptions(tx, caller.tenantCode, caller.user.id, site.id);
  });
}

/**
 * `PUT subscriptions?siteId=`: the caller's subscriptions in the site become exactly `body`; every folder must be
 * a live folder of that site (else 404 `folders.not_found`, and nothing changes). A change is audited
 * (`subscriptions.change`, with what was added and removed); the same state again records nothing.
 */
export async function putSubscriptions(
  db: Database,
  caller: Caller,
  siteId: string,
  body: Subscriptions,
): Promise<Subscriptions> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const site = await requireAccess(tx, caller, 'files.subscribe', { siteId });
    const live = await liveFolderIdsOf(tx, caller.tenantCode, site.id, body.folderIds);
    if (body.folderIds.some((id) => !live.has(id.toLowerCase()))) throw folderNotFound();
    const keys = [...(body.wholeSite ? [WHOLE_SITE] : []), ...body.folderIds.map((id) => id.toLowerCase())];
    const where = { tenantCode: caller.tenantCode, userId: caller.user.id, siteId: site.id };
    const change = await replaceSubscriptions(tx, where, keys);
    if (change.added.length || change.removed.length) {
      await recordAuditEvents(tx, [
        {
          tenantCode: caller.tenantCode,
          siteId: site.id,
          userId: caller.user.id,
          action: FILE_WORKFLOW_AUDIT_ACTIONS.subscriptions,
          detail: { added: change.added, removed: change.removed },
        },
      ]);
    }
    return readSubscriptions(tx, caller.tenantCode, caller.user.id, site.id);
  });
}

/** `GET subscriptions/mine`: everything the caller follows in the tenant (the Notifications page). */
export async function listMySubscriptions(db: Database, caller: Caller): Promise<MySubscriptions> {
  return db.readTenant(caller.tenantCode, async (tx) => ({
    records: await listOwnSubscriptions(tx, caller.tenantCode, caller.user.id),
  }));
}

/**
 * `DELETE subscriptions/{id}`: ends one of the caller's own subscriptions, whatever the site's flag says (stopping
 * mail is always allowed); another person's or tenant's id answers 404 `subscriptions.not_found`.
 */
export async function unfollow(db: Database, caller: Caller, id: string): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const ended = await deleteSubscription(tx, caller.tenantCode, caller.user.id, id);
    if (!ended) throw new AppError('subscriptions.not_found', 'There is no such subscription of yours.');
    await recordUnfollow(tx, caller.tenantCode, caller.user.id, ended, 'page');
  });
}

async function recordUnfollow(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  ended: { site_id: string; folder_id: string | null },
  via: 'page' | 'link',
) {
  await recordAuditEvents(tx, [
    {
      tenantCode,
      siteId: ended.site_id,
      userId,
      action: FILE_WORKFLOW_AUDIT_ACTIONS.subscriptions,
      detail: { added: [], removed: [ended.folder_id ?? WHOLE_SITE], via },
    },
  ]);
}

/** `GET staff/subscriptions?siteId=`: who follows what in a site of the firm (the control panel, read-only). */
export async function siteFollowers(db: Database, caller: Caller, siteId: string): Promise<SiteFollowers> {
  authorize(caller, 'console.use');
  return db.readTenant(caller.tenantCode, async (tx) => {
    const site = await findTenantSite(tx, caller, siteId);
    return { records: await listSiteFollowers(tx, caller.tenantCode, site.id) };
  });
}

/** What an unsubscribe link names, once its signature is checked; undefined for a changed or foreign link. */
export async function checkUnfollowLink(db: Database, query: UnfollowQuery) {
  const target = { tenantCode: query.tenant, userId: query.user, subscriptionId: query.subscription };
  if (!(await verifyUnfollow(db, target, query.sig))) return undefined;
  const tenantName = await findTenantName(db, query.tenant);
  if (tenantName === undefined) return undefined;
  const place = await db.readTenant(query.tenant, (tx) =>
    findSubscriptionPlace(tx, query.tenant, query.user, query.subscription),
  );
  return { target, tenantName, place };
}

/** The one-click unsubscribe of a signed link (no sign-in): ends that subscription; true if it still existed. */
export async function unfollowByLink(db: Database, query: UnfollowQuery): Promise<boolean> {
  return db.withTenant(query.tenant, async (tx) => {
    const ended = await deleteSubscription(tx, query.tenant, query.user, query.subscription);
    if (ended) await recordUnfollow(tx, query.tenant, query.user, ended, 'link');
    return Boolean(ended);
  });
}

/** A file that became new or updated in a place of a site. */
export interface FollowedFile {
  id: string;
  title: string;
  folderId: string | null;
}

/**
 * Mails the followers of the places these files are in, in the transaction of the event (decision 34's batched
 * outbox, one mail per subscription per window). A follower gets the mail while they are the firm's staff, or an
 * active member of the site whose `portalFilesView` and `fileAreaManageEmailSubscription` are on; never the person
 * who caused the event. Each person is mailed through their most specific subscription covering the file (a
 * folder before the folders above it, before the whole site), so one file makes one mail per person.
 *
 * Answers the `userId|fileId` pairs it mailed: the per-kind mails of the same event leave those out (one file, one
 * mail: the subscription's mail is the one the person asked for).
 */
export async function notifyFollowers(
  tx: Queryable,
  caller: Caller,
  site: { id: string; name: string },
  files: readonly FollowedFile[],
  event: {
    kind: FollowedFileEvent;
    key: string;
    submitted: boolean;
    /** A move: the place the files left; a subscription that covered it as well is not told. */
    movedFrom?: string | null;
  },
  batchSeconds: number,
): Promise<Set<string>> {
  const mailed = new Set<string>();
  if (!files.length) return mailed;
  const coveredBefore =
    event.movedFrom === undefined
      ? new Set<string>()
      : await coveringSubscriptionIds(tx, caller.tenantCode, site.id, event.movedFrom);
  const settings = await readEffectiveSettings(tx, caller.tenantCode, site.id);
  const clientsGetThem = settings.portalFilesView && settings.fileAreaManageEmailSubscription;
  const byFolder = new Map<string | null, FollowedFile[]>();
  for (const file of files) byFolder.set(file.folderId, [...(byFolder.get(file.folderId) ?? []), file]);
  for (const [folderId, inFolder] of byFolder) {
    for (const follower of await followersOf(tx, caller.tenantCode, site.id, folderId)) {
      if (follower.user_id === caller.user.id) continue;
      if (!follower.is_staff && !(follower.is_member && clientsGetThem)) continue;
      if (coveredBefore.has(follower.subscription_id)) continue;
      for (const file of inFolder) {
        await enqueueMail(tx, {
          tenantCode: caller.tenantCode,
          template: 'files-followed',
          data: {
            subscriptionId: follower.subscription_id,
            siteId: site.id,
            siteName: site.name,
            folderId: follower.folder_id,
            folderName: follower.folder_name,
            items: [
              {
                fileId: file.id,
                title: file.title,
                event: event.kind,
                ...(event.submitted ? { submitted: true } : {}),
              },
            ],
          },
          to: { userId: follower.user_id },
          dedupeKey: `${event.key}:${file.id}:${follower.subscription_id}`,
          batch: { key: follower.subscription_id, windowSeconds: batchSeconds },
        });
        mailed.add(`${follower.user_id}|${file.id}`);
      }
    }
  }
  return mailed;
}
