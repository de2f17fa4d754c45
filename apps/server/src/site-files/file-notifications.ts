import type { StaffSubmission } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { isSiteMember, siteMemberIds, staffIdsOf } from '../sites/members.repository.ts';
import { readEffectiveSettings } from '../sites/sites.repository.ts';
import { notifyFollowers } from '../subscriptions/subscriptions.usecases.ts';

/**
 * The mails that files cause (decision 34), each written in the transaction of its cause: to a site's clients when
 * files are published to it, to the submitter when the firm changes a status, to the firm's staff when a client
 * saves files. `batchSeconds` is NOTIFY_BATCH_SECONDS: files of one site within it make one mail per person.
 */
/** NOTIFY_BATCH_SECONDS, as the routes that cause file mails are given it. */
export interface FileMailSettings {
  batchSeconds: number;
}

interface NewFile {
  id: string;
  title: string;
  /** Its folder: followers of it, of the folders above it and of the site are mailed (decision 59). */
  folder_id?: string | null;
}

const followed = (files: readonly NewFile[]) =>
  files.map((f) => ({ id: f.id, title: f.title, folderId: f.folder_id ?? null }));

/** Whether the site's clients are shown files at all (`portalFilesView`); if not, a mail would point nowhere. */
async function clientsSeeFiles(tx: Queryable, tenantCode: string, siteId: string) {
  return (await readEffectiveSettings(tx, tenantCode, siteId)).portalFilesView;
}

export async function notifyFilesPublished(
  tx: Queryable,
  caller: Caller,
  site: { id: string; name: string },
  files: readonly NewFile[],
  batchSeconds: number,
  /** A client who published their own file (decision 60) is not told about it. */
  options: { exceptUserId?: string } = {},
) {
  if (!files.length) return;
  const event = { kind: 'published', key: 'file.published', submitted: false } as const;
  const mailed = await notifyFollowers(tx, caller, site, followed(files), event, batchSeconds);
  const dedupe = `files.published:${files[0]!.id}`;
  await mailSiteClients(tx, caller, site, files, dedupe, batchSeconds, mailed, options.exceptUserId);
}

/**
 * A published file has a new version (decision 49): the site's clients get it in the same batched mail as new
 * publications, marked "updated".
 */
export async function notifyFileUpdated(
  tx: Queryable,
  caller: Caller,
  site: { id: string; name: string },
  file: NewFile & { version: number },
  batchSeconds: number,
) {
  const items = [{ id: file.id, title: file.title, updated: true }];
  const key = `file.updated:${file.id}:${file.version}`;
  const event = { kind: 'updated', key, submitted: false } as const;
  const mailed = await notifyFollowers(tx, caller, site, followed([file]), event, batchSeconds);
  await mailSiteClients(tx, caller, site, items, key, batchSeconds, mailed);
}

async function mailSiteClients(
  tx: Queryable,
  caller: Caller,
  site: { id: string; name: string },
  files: readonly (NewFile & { updated?: boolean })[],
  dedupe: string,
  batchSeconds: number,
  /** `userId|fileId` pairs the person's subscription mail already carries: one file, one mail (decision 59). */
  mailed: ReadonlySet<string>,
  exceptUserId?: string,
) {
  if (!(await clientsSeeFiles(tx, caller.tenantCode, site.id))) return;
  for (const userId of await siteMemberIds(tx, caller.tenantCode, site.id)) {
    if (userId === exceptUserId) continue;
    const theirs = files.filter((f) => !mailed.has(`${userId}|${f.id}`));
    if (!theirs.length) continue;
    await enqueueMail(tx, {
      tenantCode: caller.tenantCode,
      template: 'files-published',
      data: {
        siteId: site.id,
        siteName: site.name,
        items: theirs.map((f) => ({ fileId: f.id, title: f.title, ...(f.updated ? { updated: true } : {}) })),
      },
      to: { userId },
      dedupeKey: `${dedupe}:${userId}`,
      batch: { key: site.id, windowSeconds: batchSeconds },
    });
  }
}

export async function notifyFilesSubmitted(
  tx: Queryable,
  caller: Caller,
  site: { id: string; name: string },
  files: readonly NewFile[],
  batchSeconds: number,
) {
  if (!files.length) return;
  const event = { kind: 'submitted', key: 'file.submitted', submitted: true } as const;
  const mailed = await notifyFollowers(tx, caller, site, followed(files), event, batchSeconds);
  for (const staffId of await staffIdsOf(tx, caller.tenantCode)) {
    if (staffId === caller.user.id) continue;
    const theirs = files.filter((f) => !mailed.has(`${staffId}|${f.id}`));
    if (!theirs.length) continue;
    await enqueueMail(tx, {
      tenantCode: caller.tenantCode,
      template: 'files-submitted',
      data: {
        siteId: site.id,
        siteName: site.name,
        items: theirs.map((f) => ({ fileId: f.id, title: f.title, submittedBy: caller.user.name })),
      },
      to: { userId: staffId },
      dedupeKey: `files.submitted:${files[0]!.id}:${staffId}`,
      batch: { key: site.id, windowSeconds: batchSeconds },
    });
  }
}

/** To whoever submitted the file, while they are still a member of its site. */
export async function notifySubmissionStatus(tx: Queryable, caller: Caller, file: StaffSubmission) {
  const submitter = file.submittedBy?.id;
  if (!submitter || submitter === caller.user.id) return;
  if (!(await isSiteMember(tx, caller.tenantCode, file.siteId, submitter))) return;
  await enqueueMail(tx, {
    tenantCode: caller.tenantCode,
    template: 'submission-status',
    data: {
      siteId: file.siteId,
      siteName: file.siteName,
      fileId: file.id,
      title: file.title,
      status: file.status,
      note: file.statusNote,
    },
    to: { userId: submitter },
    // The change's time tells it from a later change to the same status.
    dedupeKey: `file.status:${file.id}:${file.statusUpdatedAt}`,
  });
}
