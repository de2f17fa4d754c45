import {
  FILE_ACTION_AUDIT_ACTIONS,
  type RestoredItem,
  type TrashList,
  type TrashQuery,
} from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import { clashingNames, lockPlace } from '../file-actions/file-actions.repository.ts';
import { AppError } from '../http/app-error.ts';
import { authorize } from '../sites/access.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { freeName } from '../transfers/safe-file-name.ts';
import { deleteSavedUploadsOf, unreferencedBlobKeys } from '../uploads/uploads.repository.ts';
import {
  clashingFolderNames,
  deleteFileRows,
  deleteFolderRows,
  expiredTrashItems,
  filesPurgedWith,
  isLiveFolderRow,
  listTrash,
  lockTrashedItem,
  restoreFileRow,
  restoreFolderRows,
  type TrashedItem,
} from './trash.repository.ts';

/**
 * A site's trash (issue 26, decision 48): what someone deleted — files (by a client or staff, an unpublished file
 * too) and folders with everything in them — stays here for TRASH_RETENTION_DAYS. Staff list it, restore an item
 * (to where it was, or the root if that folder is gone; a name taken there gets " (2)") or delete it for good; the
 * retention job deletes what is older. Bytes go with the last row that names them.
 */

const trashNotFound = () =>
  new AppError('trash.not_found', 'There is no such item in the trash: it was restored or deleted for good.');

const DEFAULT_PAGE = 50;

/** `GET trash?siteId=`: staff only; a site of another firm (or none) answers 404 `sites.not_found`. */
export async function listSiteTrash(db: Database, caller: Caller, query: TrashQuery): Promise<TrashList> {
  authorize(caller, 'console.use');
  return db.readTenant(caller.tenantCode, async (tx) => {
    await findTenantSite(tx, caller, query.siteId);
    const { records, total } = await listTrash(tx, caller.tenantCode, query.siteId, {
      limit: query.limit ?? DEFAULT_PAGE,
      offset: query.offset ?? 0,
    });
    return { records, totalRecordCount: total };
  });
}

async function lockItem(tx: Queryable, caller: Caller, id: string) {
  const item = await lockTrashedItem(tx, caller.tenantCode, id);
  if (!item) throw trashNotFound();
  return item;
}

/** `POST trash/{id}/restore`: staff only. */
export async function restoreTrashItem(db: Database, caller: Caller, id: string): Promise<RestoredItem> {
  authorize(caller, 'console.use');
  return db.withTenant(caller.tenantCode, async (tx) => {
    const item = await lockItem(tx, caller, id);
    const folderId =
      item.folderId !== null && (await isLiveFolderRow(tx, caller.tenantCode, item.folderId))
        ? item.folderId
        : null;
    const audit = (fileId: string | null, action: string, detail: Record<string, unknown>): AuditRecord => ({
      tenantCode: caller.tenantCode,
      siteId: item.siteId,
      userId: caller.user.id,
      action,
      fileId,
      detail,
    });
    if (item.kind === 'file') {
      const place = {
        tenantCode: caller.tenantCode,
        siteId: item.siteId,
        direction: item.direction,
        folderId,
      };
      await lockPlace(tx, place);
      const name = freeName(item.name, await clashingNames(tx, place, item.name, item.id));
      const title = item.title === item.name ? name : item.title;
      await restoreFileRow(tx, caller.tenantCode, item.id, { folderId, fileName: name, title });
      await recordAuditEvents(tx, [
        audit(item.id, FILE_ACTION_AUDIT_ACTIONS.restore, {
          fileName: name,
          folderId,
          ...(name !== item.name ? { renamedFrom: item.name } : {}),
        }),
      ]);
      return { id: item.id, kind: item.kind, name, folderId, renamed: name !== item.name, itemCount: 0 };
    }
    const clashes = await clashingFolderNames(tx, caller.tenantCode, item.siteId, folderId, item.name);
    const name = freeName(item.name, clashes);
    const { fileIds, folders } = await restoreFolderRows(tx, caller.tenantCode, item.id, {
      parentId: folderId,
      name,
    });
    await recordAuditEvents(tx, [
      audit(null, FILE_ACTION_AUDIT_ACTIONS.folderRestore, {
        folderId: item.id,
        name,
        parentId: folderId,
        files: fileIds.length,
        folders,
        ...(name !== item.name ? { renamedFrom: item.name } : {}),
      }),
      ...fileIds.map((fileId) => audit(fileId, FILE_ACTION_AUDIT_ACTIONS.restore, { withFolderId: item.id })),
    ]);
    return {
      id: item.id,
      kind: item.kind,
      name,
      folderId,
      renamed: name !== item.name,
      itemCount: fileIds.length + folders,
    };
  });
}

/**
 * Deletes a locked trash item for good in `tx`: its rows (a folder's with it), the saved uploads' records of its
 * files, and audits it (by `userId`, or the retention job when null). Answers the blob keys the rows named, for
 * `deleteUnreferencedBlobs` once the transaction is committed.
 */
async function purgeItem(
  tx: Queryable,
  tenantCode: string,
  item: TrashedItem,
  userId: string | null,
  detail: Record<string, unknown>,
) {
  const files = await filesPurgedWith(tx, tenantCode, item);
  const ids = files.map((f) => f.id);
  await deleteSavedUploadsOf(tx, tenantCode, ids);
  const keys = await deleteFileRows(tx, tenantCode, ids);
  const folders = item.kind === 'folder' ? await deleteFolderRows(tx, tenantCode, item.id) : 0;
  const audit = (fileId: string | null, action: string, more: Record<string, unknown>): AuditRecord => ({
    tenantCode,
    siteId: item.siteId,
    userId,
    action,
    fileId,
    detail: { ...detail, ...more },
  });
  await recordAuditEvents(tx, [
    ...(item.kind === 'folder'
      ? [
          audit(null, FILE_ACTION_AUDIT_ACTIONS.folderPurge, {
            folderId: item.id,
            name: item.name,
            files: ids.length,
            folders,
          }),
        ]
      : []),
    ...files.map((f) =>
      audit(f.id, FILE_ACTION_AUDIT_ACTIONS.purge, { title: f.title, fileName: f.file_name }),
    ),
  ]);
  return keys;
}

/**
 * Deletes the bytes of `keys` no row names any more (a copy or a version still naming one keeps it), after the
 * rows are gone; what fails here is left to the orphan sweep.
 */
async function deleteUnreferencedBlobs(
  db: Database,
  blobs: BlobStore,
  keys: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  for (const key of await unreferencedBlobKeys(db, keys)) {
    await blobs.delete(key).catch((error) => log.warn({ err: error, key }, 'purged blob not deleted'));
  }
}

/** `DELETE trash/{id}`: staff only; the item and what went with it are deleted for good. */
export async function purgeTrashItem(
  db: Database,
  blobs: BlobStore,
  caller: Caller,
  id: string,
  log: FastifyBaseLogger,
): Promise<void> {
  authorize(caller, 'console.use');
  const keys = await db.withTenant(caller.tenantCode, async (tx) =>
    purgeItem(tx, caller.tenantCode, await lockItem(tx, caller, id), caller.user.id, {}),
  );
  await deleteUnreferencedBlobs(db, blobs, keys, log);
}

/** Items purged per batch, and batches per run: a backlog is worked off over the following runs. */
const BATCH = 200;
const BATCHES_PER_RUN = 10;

/** One run of the retention job: what someone deleted more than `days` ago goes for good. Answers how many. */
export async function purgeExpiredTrash(
  db: Database,
  blobs: BlobStore,
  days: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let purged = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const expired = await expiredTrashItems(db, days, BATCH);
    for (const { tenantCode, id } of expired) {
      const keys = await db.withTenant(tenantCode, async (tx) => {
        const item = await lockTrashedItem(tx, tenantCode, id);
        return item ? purgeItem(tx, tenantCode, item, null, { retentionDays: days }) : [];
      });
      await deleteUnreferencedBlobs(db, blobs, keys, log);
    }
    purged += expired.length;
    if (expired.length < BATCH) break;
  }
  return purged;
}

/** Empties every site's trash of what is older than TRASH_RETENTION_DAYS, once an hour (the job list, jobs.ts). */
export const trashRetentionJob: JobDefinition<JobContextBase & { blobs: BlobStore }> = {
  name: 'trash-retention',
  intervalMs: 60 * 60 * 1000,
  firstAfterMs: 2 * 60 * 1000,
  failure: 'the trash could not be emptied of expired items',
  async run({ db, blobs, config, log }) {
    const purged = await purgeExpiredTrash(db, blobs, config.trashRetentionDays, log);
    if (purged) log.info({ purged }, 'trash items deleted after TRASH_RETENTION_DAYS');
  },
};
