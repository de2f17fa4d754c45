import type { ScanState } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';

/**
 * `blob_scans` (migration 0018, decision 43): one row per blob that came in, its scan state, whether the other
 * side must not see it (`held`) and whether a scan is due (`pending`). Tenant-scoped calls run in the tenant's
 * transaction; the scan job's claims run as the owner, across firms, and settle each row by its id.
 */

/** What a blob starts as: scanning (held) with a scanner, unscanned without one (held only under `block`). */
export interface ScanIntake {
  state: 'scanning' | 'unscanned';
  held: boolean;
}

export const scanIntakeOf = (config: { clamdUrl?: unknown; scanUnscanned: 'allow' | 'block' }): ScanIntake =>
  config.clamdUrl
    ? { state: 'scanning', held: true }
    : { state: 'unscanned', held: config.scanUnscanned === 'block' };

/**
 * SQL that is true when the file row `alias` is held back by its scan (scanning, infected, or unscanned under
 * SCAN_UNSCANNED=block). A blob with no row (the demo's own files) is not held.
 */
export const heldFileSql = (alias: string) =>
  `EXISTS (SELECT 1 FROM blob_scans s WHERE s.blob_key = ${alias}.blob_key AND s.held)`;

/**
 * SQL that is true when the file row `alias` was given to clamd, which could not scan it (over its limit), and it
 * is not held (SCAN_UNSCANNED=allow): the lists mark it "not scanned". With scanning off nothing is marked.
 */
export const notScannedSql = (alias: string) =>
  `EXISTS (SELECT 1 FROM blob_scans s WHERE s.blob_key = ${alias}.blob_key AND s.state = 'unscanned'
           AND s.scanned_at IS NOT NULL AND NOT s.held)`;

/**
 * SQL counting the held files of one list of a site (`$1` the tenant, `$2` the site), to take from the site's
 * counter (`file_counts` counts every live file): driven from the few held rows, not the site's files.
 */
export const heldInSiteSql = (direction: string) =>
  `(SELECT count(*)::int FROM blob_scans s JOIN files h ON h.blob_key = s.blob_key
    WHERE s.tenant_code = $1 AND s.held AND h.tenant_code = $1 AND h.site_id = $2
      AND h.direction = '${direction}' AND h.deleted_at IS NULL)`;

/** Records blobs that came in, in the transaction that records their uploads. */
export async function trackBlobScans(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  blobs: readonly { blobKey: string; fileName: string; size: number }[],
  intake: ScanIntake,
) {
  await tx.query(
    `INSERT INTO blob_scans (tenant_code, blob_key, site_id, file_name, size, uploaded_by, state, held, pending)
     SELECT $1, b.blob_key, $2, b.file_name, b.size, $3, $4, $5, $4 = 'scanning'
     FROM jsonb_to_recordset($6::jsonb) AS b(blob_key text, file_name text, size bigint)`,
    [
      caller.tenantCode,
      siteId,
      caller.user.id,
      intake.state,
      intake.held,
      JSON.stringify(blobs.map((b) => ({ blob_key: b.blobKey, file_name: b.fileName, size: b.size }))),
    ],
  );
}

/** A row the scan job took. */
export interface ClaimedScan {
  id: string;
  tenantCode: string;
  blobKey: string;
  siteId: string | null;
  fileName: string;
  uploadedBy: string | null;
  state: ScanState;
  failures: number;
}

interface ClaimedRow {
  id: string;
  tenant_code: string;
  blob_key: string;
  site_id: string | null;
  file_name: string;
  uploaded_by: string | null;
  state: ScanState;
  failures: number;
}

/**
 * Claims up to `limit` due scans, across firms, for `leaseSeconds`: `next_attempt_at` moves past the lease, so
 * another process (or this one after a crash) takes the row again only when the lease ran out unsettled.
 * `SKIP LOCKED`: two processes never claim the same row.
 */
export async function claimDueScans(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedScan[]> {
  const { rows } = await db.query<ClaimedRow>(
    `UPDATE blob_scans SET next_attempt_at = now() + make_interval(secs => $2)
     WHERE id IN (SELECT id FROM blob_scans WHERE pending AND next_attempt_at <= now()
                  ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, tenant_code, blob_key, site_id, file_name, uploaded_by, state, failures`,
    [limit, leaseSeconds],
  );
  return rows.map((r) => ({
    id: r.id,
    tenantCode: r.tenant_code,
    blobKey: r.blob_key,
    siteId: r.site_id,
    fileName: r.file_name,
    uploadedBy: r.uploaded_by,
    state: r.state,
    failures: r.failures,
  }));
}

/** A PGlite server is its data's only process: leases of a process that died are over at once. */
/** Keeps a claimed scan's lease while clamd reads it, so no other process takes it over. */
export async function renewScanLease(db: Database, id: string, leaseSeconds: number) {
  await db.query('UPDATE blob_scans SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1', [
    id,
    leaseSeconds,
  ]);
}

export async function releaseAllClaims(db: Database) {
  await db.query('UPDATE blob_scans SET next_attempt_at = now() WHERE pending AND next_attempt_at > now()');
}

/** Clean, or unscanned (too large for clamd): the other side may see it, unless unscanned is blocked. */
export async function settleScan(
  tx: Queryable,
  id: string,
  outcome: { state: 'clean' | 'unscanned'; held: boolean },
) {
  await tx.query(
    `UPDATE blob_scans SET state = $2, held = $3, pending = false, failures = 0, last_error = NULL,
            scanned_at = now()
     WHERE id = $1 AND state <> 'infected'`,
    [id, outcome.state, outcome.held],
  );
}

/** Infected: held for good, its bytes moved to `quarantineKey`. */
export async function settleInfected(tx: Queryable, id: string, signature: string, quarantineKey: string) {
  await tx.query(
    `UPDATE blob_scans SET state = 'infected', held = true, pending = false, signature = $2, quarantine_key = $3,
            quarantined_at = now(), scanned_at = now(), failures = 0, last_error = NULL
     WHERE id = $1`,
    [id, signature, quarantineKey],
  );
}

/** The scanner failed: try again after `retryInSeconds`; the state (scanning, or the earlier verdict) stays. */
export async function recordScanFailure(db: Database, id: string, error: string, retryInSeconds: number) {
  await db.query(
    `UPDATE blob_scans SET failures = failures + 1, last_error = $2,
            next_attempt_at = now() + make_interval(secs => $3)
     WHERE id = $1`,
    [id, error.slice(0, 500), retryInSeconds],
  );
}

/** The blob is gone (its upload reaped or discarded): nothing left to scan. */
export async function dropScan(db: Database, id: string) {
  await db.query(`UPDATE blob_scans SET pending = false, last_error = 'the blob is gone' WHERE id = $1`, [
    id,
  ]);
}

/**
 * Asks for a rescan of every stored blob not infected (or, with `scannedBefore`, of those last scanned before
 * it), across firms; answers how many. Clean files stay visible meanwhile; a hit quarantines them.
 */
export async function requestRescan(db: Database, scannedBefore?: Date): Promise<number> {
  // Files stored without a row (the demo's, written by the seed) become known first.
  await db.query(
    `INSERT INTO blob_scans (tenant_code, blob_key, site_id, file_name, size, uploaded_by, state, held, pending)
     SELECT tenant_code, blob_key, site_id, file_name, size, created_by, 'unscanned', false, false FROM files f
     WHERE NOT EXISTS (SELECT 1 FROM blob_scans s WHERE s.blob_key = f.blob_key)
     ON CONFLICT (blob_key) DO NOTHING`,
  );
  const { rows } = await db.query<{ n: number }>(
    `WITH due AS (
       UPDATE blob_scans SET pending = true, next_attempt_at = now()
       WHERE state IN ('clean', 'unscanned') AND NOT pending
         AND ($1::timestamptz IS NULL OR scanned_at IS NULL OR scanned_at < $1)
       RETURNING 1)
     SELECT count(*)::int AS n FROM due`,
    [scannedBefore ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** How many blobs wait for a scan (everywhere, or of one firm inside its transaction). */
export async function countWaitingScans(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM blob_scans WHERE state = 'scanning'`,
  );
  return rows[0]?.n ?? 0;
}

/** The scan state of the caller's own uploads, by reference number. */
export async function findUploadScans(tx: Queryable, caller: Caller, referenceNumbers: readonly string[]) {
  const { rows } = await tx.query<{
    reference_number: string;
    state: ScanState | null;
    held: boolean | null;
    signature: string | null;
  }>(
    `SELECT u.reference_number, s.state, s.held, s.signature
     FROM uploads u LEFT JOIN blob_scans s ON s.blob_key = u.blob_key
     WHERE u.tenant_code = $1 AND u.created_by = $2 AND u.reference_number = ANY($3::text[])`,
    [caller.tenantCode, caller.user.id, referenceNumbers],
  );
  return rows.map((r) => ({
    referenceNumber: r.reference_number,
    state: r.state ?? ('unscanned' as const),
    released: r.held === null ? true : !r.held,
    ...(r.signature ? { signature: r.signature } : {}),
  }));
}
