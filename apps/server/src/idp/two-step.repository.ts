import type { Queryable } from '../db/database.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';

/** The rows of a person's second step (migration 0020); the use cases in two-step.usecases.ts decide. */

export interface TotpRow {
  sealed_secret: string;
  confirmed: boolean;
  last_step: string | null;
}

export async function findTotp(db: Queryable, userId: string): Promise<TotpRow | undefined> {
  const { rows } = await db.query<TotpRow>(
    `SELECT sealed_secret, confirmed_at IS NOT NULL AS confirmed, last_step::text AS last_step
       FROM two_step_totp WHERE user_id = $1`,
    [userId],
  );
  return rows[0];
}

/** A new enrolment replaces one that waits for its first code, never a confirmed one. */
export async function savePendingTotp(db: Queryable, userId: string, sealedSecret: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO two_step_totp (user_id, sealed_secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret, created_at = now()
       WHERE two_step_totp.confirmed_at IS NULL
     RETURNING user_id`,
    [userId, sealedSecret],
  );
  return rows.length > 0;
}

/**
 * Takes a code's time step if it is later than the last one taken (and confirms a pending enrolment): false when
 * this step, or a later one, was used already, so a code works once even when two processes see it together.
 */
export async function takeTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE two_step_totp SET last_step = $2, confirmed_at = coalesce(confirmed_at, now())
      WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING user_id`,
    [userId, step],
  );
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, hashes: readonly string[]) {
  await db.query('DELETE FROM two_step_recovery_codes WHERE user_id = $1', [userId]);
  await db.query(`INSERT INTO two_step_recovery_codes (user_id, code_sha256) SELECT $1, unnest($2::text[])`, [
    userId,
    hashes,
  ]);
}

/** Spends an unused recovery code; answers how many are left, or undefined when it was none of them. */
export async function useRecoveryCode(
  db: Queryable,
  userId: string,
  hash: string,
): Promise<number | undefined> {
  const used = await db.query(
    `UPDATE two_step_recovery_codes SET used_at = now()
      WHERE user_id = $1 AND code_sha256 = $2 AND used_at IS NULL RETURNING user_id`,
    [userId, hash],
  );
  if (!used.rows.length) return undefined;
  return countRecoveryCodes(db, userId);
}

export async function countRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM two_step_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Serialises second-step checks of one person across processes, without blocking rows that refer to them. */
export async function lockPerson(db: Queryable, userId: string) {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
}

export async function lockedUntil(db: Queryable, userId: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ locked_until: Date }>(
    'SELECT locked_until FROM two_step_locks WHERE user_id = $1 AND locked_until > now()',
    [userId],
  );
  return rows[0] && new Date(rows[0].locked_until);
}

/**
 * Records a wrong code; when it makes `limit` within `windowMinutes`, locks the second step for `lockMinutes` and
 * forgets the failures. Answers the lock's end when this failure set it.
 */
export async function recordFailure(
  db: Queryable,
  userId: string,
  rule: { limit: number; windowMinutes: number; lockMinutes: number },
): Promise<Date | undefined> {
  await db.query('INSERT INTO two_step_failures (user_id) VALUES ($1)', [userId]);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM two_step_failures
      WHERE user_id = $1 AND failed_at > now() - make_interval(mins => $2)`,
    [userId, rule.windowMinutes],
  );
  if ((rows[0]?.n ?? 0) < rule.limit) return undefined;
  await db.query('DELETE FROM two_step_failures WHERE user_id = $1', [userId]);
  const lock = await db.query<{ locked_until: Date }>(
    `INSERT INTO two_step_locks (user_id, locked_until) VALUES ($1, now() + make_interval(mins => $2))
     ON CONFLICT (user_id) DO UPDATE SET locked_until = excluded.locked_until RETURNING locked_until`,
    [userId, rule.lockMinutes],
  );
  return new Date(lock.rows[0]!.locked_until);
}

export async function clearFailures(db: Queryable, userId: string) {
  await db.query('DELETE FROM two_step_failures WHERE user_id = $1', [userId]);
}

/** Removes every second step of the person: authenticator app, recovery codes, failures and lock. */
export async function deleteTwoStep(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM two_step_totp WHERE user_id = $1 RETURNING user_id', [userId]);
  const codes = await db.query('DELETE FROM two_step_recovery_codes WHERE user_id = $1 RETURNING user_id', [
    userId,
  ]);
  await db.query('DELETE FROM two_step_failures WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM two_step_locks WHERE user_id = $1', [userId]);
  return rows.length + codes.rows.length > 0;
}

/**
 * The firm whose outbox sends a person's account mail: one they work with, staff first, then by code (the outbox
 * sends for a firm, and one of their own names nothing they do not know).
 */
export async function mailTenantOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_code: string }>(
    `SELECT tenant_code FROM (
       SELECT tenant_code, 0 AS rank FROM tenant_staff WHERE user_id = $1
       UNION ALL
       SELECT m.tenant_code, 1 FROM ${ACTIVE_MEMBERSHIPS} m WHERE m.user_id = $1) r
     ORDER BY rank, tenant_code LIMIT 1`,
    [userId],
  );
  return rows[0]?.tenant_code;
}

/**
 * Who must pass a second step before the provider issues any token (decision 45): whoever has one (an
 * authenticator app), and whoever a firm they work with requires it of (tenants.two_step_required: `staff`,
 * `clients` or `everyone`; staff of a firm, or active members of one of its sites that is not archived).
 */
export async function requiredByFirm(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ yes: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM tenant_staff st JOIN tenants t ON t.code = st.tenant_code AND t.disabled_at IS NULL
        WHERE st.user_id = $1 AND t.two_step_required IN ('staff', 'everyone')
       UNION ALL
       SELECT 1 FROM ${ACTIVE_MEMBERSHIPS} m
         JOIN tenants t ON t.code = m.tenant_code AND t.disabled_at IS NULL
        WHERE m.user_id = $1 AND t.two_step_required IN ('clients', 'everyone')) AS yes`,
    [userId],
  );
  return rows[0]?.yes ?? false;
}
