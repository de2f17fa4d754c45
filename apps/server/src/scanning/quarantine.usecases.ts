import { SCAN_AUDIT_ACTIONS } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { staffIdsOf } from '../sites/members.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { markQuarantinePurged, namesOf, purgeExpiredQuarantine } from './quarantine.repository.ts';
import type { ClaimedScan } from './scans.repository.ts';

/** Every staff member of the firm is mailed (through the outbox, in the verdict's transaction), once per hit. */
export async function notifyStaffOfQuarantine(tx: Queryable, claim: ClaimedScan, signature: string) {
  const names = await namesOf(tx, claim.tenantCode, claim.siteId, claim.uploadedBy);
  for (const userId of await staffIdsOf(tx, claim.tenantCode)) {
    await enqueueMail(tx, {
      tenantCode: claim.tenantCode,
      template: 'file-quarantined',
      data: { fileName: claim.fileName, signature, siteName: names.siteName, uploadedBy: names.userName },
      to: { userId },
      dedupeKey: `file.quarantined:${claim.id}:${userId}`,
    });
  }
}

/** Staff delete a quarantined file's bytes at once; audited. Unknown, another firm's or purged: 404. */
export async function deleteQuarantined(
  db: Database,
  blobs: BlobStore,
  caller: Caller,
  id: string,
  log: FastifyBaseLogger,
) {
  const purged = await db.withTenant(caller.tenantCode, async (tx) => {
    const row = await markQuarantinePurged(tx, caller.tenantCode, id);
    if (!row) throw new AppError('quarantine.not_found', 'There is no such file in the quarantine.');
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: row.site_id,
        userId: caller.user.id,
        action: SCAN_AUDIT_ACTIONS.quarantineDelete,
        detail: { quarantineId: id, fileName: row.file_name, signature: row.signature },
      },
    ]);
    return row;
  });
  await deletePurged(blobs, [purged], log);
}

async function deletePurged(
  blobs: BlobStore,
  rows: readonly { blob_key: string; quarantine_key: string | null }[],
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  for (const row of rows) {
    for (const key of [row.quarantine_key, row.blob_key]) {
      if (key)
        await blobs
          .delete(key)
          .catch((error) => log.warn({ err: error, key }, 'quarantined blob not deleted'));
    }
  }
}

/** Deletes quarantined bytes after QUARANTINE_DAYS, once an hour across all processes (the job list, jobs.ts). */
export const quarantineSweepJob: JobDefinition<JobContextBase & { blobs: BlobStore }> = {
  name: 'quarantine-sweep',
  intervalMs: 60 * 60 * 1000,
  firstAfterMs: 60 * 1000,
  failure: 'the quarantine could not be swept',
  async run({ db, blobs, config, log }) {
    const rows = await purgeExpiredQuarantine(db, config.quarantineDays);
    await deletePurged(blobs, rows, log);
    if (rows.length) log.info({ purged: rows.length }, 'quarantined files deleted after QUARANTINE_DAYS');
  },
};
