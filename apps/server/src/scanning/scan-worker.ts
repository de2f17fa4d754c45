import { SCAN_AUDIT_ACTIONS } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { ClamdAddress } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { pingClamd, type ScanVerdict, scanStream } from './clamd-client.ts';
import { notifyStaffOfQuarantine } from './quarantine.usecases.ts';
import {
  type ClaimedScan,
  claimDueScans,
  dropScan,
  recordScanFailure,
  renewScanLease,
  settleInfected,
  settleScan,
} from './scans.repository.ts';

/** What this process's scanner did since it started, for /metrics. */
export interface ScanStats {
  scans: number;
  hits: number;
  failures: number;
  seconds: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface ScanWorkerDeps {
  db: Database;
  blobs: BlobStore;
  clamd: ClamdAddress;
  unscannedPolicy: 'allow' | 'block';
  log: Log;
}

/** The process's scanner: the scan job, and what /readyz, /metrics and the control panel ask of it. */
export interface Scanner {
  clamd: ClamdAddress;
  stats: ScanStats;
  /** Whether clamd answered the last call made to it. */
  available(): boolean;
  /** Something came in: look for due scans now rather than at the next poll. */
  wake(): void;
  ping(): Promise<void>;
  /** Starts the scan job (polls for due scans, and at once when woken), logging to `log`. */
  start(log: Log): void;
  /** Scans what is due now, until nothing is; answers how many scans ran (failed ones included). */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** How long a claim lasts without a renewal; a running scan renews it every third of that. */
export const SCAN_LEASE_SECONDS = 15;
/** How often the job looks for due scans (retries, rescans, another process's uploads). */
const POLL_MS = 1000;
/** Scans at once per process: clamd and the blob store share the machine's cores with the requests. */
const CONCURRENCY = 2;

/**
 * Waits before the next try after `failures` failures in a row: 2, 4, 8, 16, then 30 s; so a file waiting for a
 * clamd that was down is scanned within about half a minute of its return.
 */
export const retryDelaySeconds = (failures: number) => Math.min(2 ** failures, 30);

/**
 * Scans one claimed blob and settles its row. A scanner failure leaves the state as it was (`scanning` stays
 * held: never silently clean) and schedules a retry with back-off; a hit moves the bytes to quarantine first,
 * then commits the verdict with its audit event and the staff's mails, then removes the bytes from their place.
 */
export async function scanClaimed(
  deps: ScanWorkerDeps,
  claim: ClaimedScan,
  stats: ScanStats,
): Promise<'ok' | 'failed'> {
  const { db, blobs, log } = deps;
  const renew = setInterval(
    () => void renewScanLease(db, claim.id, SCAN_LEASE_SECONDS).catch(() => {}),
    (SCAN_LEASE_SECONDS * 1000) / 3,
  );
  renew.unref();
  const started = process.hrtime.bigint();
  try {
    if (!(await blobs.stat(claim.blobKey))) {
      await dropScan(db, claim.id);
      return 'ok';
    }
    let verdict: ScanVerdict;
    try {
      verdict = await scanStream(deps.clamd, await blobs.get(claim.blobKey));
    } catch (error) {
      stats.failures += 1;
      const reason = error instanceof Error ? error.message : String(error);
      await recordScanFailure(db, claim.id, reason, retryDelaySeconds(claim.failures + 1));
      log.warn(
        { blobScan: claim.id, failures: claim.failures + 1, reason },
        'scan failed; it will be tried again',
      );
      return 'failed';
    }
    stats.scans += 1;
    if (verdict.result === 'infected') {
      stats.hits += 1;
      await quarantine(deps, claim, verdict.signature);
    } else {
      const state = verdict.result === 'clean' ? 'clean' : 'unscanned';
      const held = state === 'unscanned' && deps.unscannedPolicy === 'block';
      await db.withTenant(claim.tenantCode, (tx) => settleScan(tx, claim.id, { state, held }));
    }
    return 'ok';
  } finally {
    clearInterval(renew);
    stats.seconds += Number(process.hrtime.bigint() - started) / 1e9;
  }
}

async function quarantine(deps: ScanWorkerDeps, claim: ClaimedScan, signature: string) {
  const { db, blobs, log } = deps;
  const quarantineKey = `quarantine/${claim.blobKey}`;
  await blobs.put(quarantineKey, await blobs.get(claim.blobKey));
  await db.withTenant(claim.tenantCode, async (tx) => {
    await settleInfected(tx, claim.id, signature, quarantineKey);
    await recordAuditEvents(tx, [
      {
        tenantCode: claim.tenantCode,
        siteId: claim.siteId,
        userId: null,
        action: SCAN_AUDIT_ACTIONS.quarantine,
        detail: { quarantineId: claim.id, fileName: claim.fileName, signature, uploadedBy: claim.uploadedBy },
      },
    ]);
    await notifyStaffOfQuarantine(tx, claim, signature);
  });
  // The files on the blob are held already; now their bytes leave every download path.
  await blobs.delete(claim.blobKey);
  log.warn({ blobScan: claim.id, tenant: claim.tenantCode, signature }, 'infected file quarantined');
}

/**
 * The scanner of this process (decision 43); `start` begins its job, while `drain` alone serves the command line
 * (which scans what it published, or everything with `portico scan --all`, and exits).
 */
export function createScanner(options: Omit<ScanWorkerDeps, 'log'> & { log?: Log }): Scanner {
  const deps: ScanWorkerDeps = { log: { info() {}, warn() {}, error() {} }, ...options };
  const stats: ScanStats = { scans: 0, hits: 0, failures: 0, seconds: 0 };
  let available = true;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;

  const drainOnce = async (): Promise<number> => {
    let ran = 0;
    for (;;) {
      const claims = await claimDueScans(deps.db, CONCURRENCY, SCAN_LEASE_SECONDS);
      if (!claims.length) return ran;
      const outcomes = await Promise.all(claims.map((claim) => scanClaimed(deps, claim, stats)));
      available = outcomes.includes('ok') || !outcomes.length;
      ran += claims.length;
      // clamd is failing: leave the rest to their back-off rather than fail each of them now.
      if (!outcomes.includes('ok') || stopped) return ran;
    }
  };
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = drainOnce()
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'the scan job failed; it runs again at the next poll');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void drain().finally(schedule), POLL_MS);
    timer.unref();
  };
  return {
    clamd: deps.clamd,
    start(log) {
      deps.log = log;
      schedule();
    },
    stats,
    available: () => available,
    wake: () => void drain(),
    async ping() {
      try {
        await pingClamd(deps.clamd);
        available = true;
      } catch (error) {
        available = false;
        throw error;
      }
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
