import type { Queryable } from '../db/database.ts';

/** The rows of a person's passkeys and of the ceremonies under way (migration 0026); passkeys.usecases.ts decides. */

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS =
  'id, user_id, credential_id, public_key, counter::text AS counter, transports, name, created_at, last_used_at';

export async function listPasskeyRows(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function countPasskeys(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

export async function findPasskeyByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`, [
    credentialId,
  ]);
  return rows[0];
}

export async function insertPasskey(
  db: Queryable,
  passkey: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: readonly string[];
    backedUp: boolean;
    name: string;
  },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, backed_up, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING id`,
    [
      passkey.userId,
      passkey.credentialId,
      passkey.publicKey,
      passkey.counter,
      [...passkey.transports],
      passkey.backedUp,
      passkey.name,
    ],
  );
  return rows[0]?.id;
}

/**
 * Records a use: the new signature counter is taken only if it is later than the one stored (or both are zero, for
 * authenticators that keep no counter), in one UPDATE, so a cloned authenticator or a replay racing in another
 * process cannot both pass.
 */
export async function takePasskeyCounter(db: Queryable, id: string, counter: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE passkeys SET counter = $2, last_used_at = now()
      WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
    [id, counter],
  );
  return rows.length > 0;
}

export async function renamePasskey(db: Queryable, userId: string, id: string, name: string) {
  const { rows } = await db.query(
    'UPDATE passkeys SET name = $3 WHERE user_id = $1 AND id = $2 RETURNING id',
    [userId, id, name],
  );
  return rows.length > 0;
}

export async function deletePasskey(db: Queryable, userId: string, id: string) {
  const { rows } = await db.query('DELETE FROM passkeys WHERE user_id = $1 AND id = $2 RETURNING id', [
    userId,
    id,
  ]);
  return rows.length > 0;
}

export async function deleteAllPasskeys(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query('DELETE FROM passkeys WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length;
}

export type ChallengePurpose = 'register' | 'second-step' | 'sign-in';

/** Keeps a new challenge for `seconds`, and forgets the expired ones (few: one per ceremony begun). */
export async function saveChallenge(
  db: Queryable,
  challenge: { value: string; purpose: ChallengePurpose; subject: string; seconds: number },
) {
  await db.query('DELETE FROM passkey_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO passkey_challenges (challenge, purpose, subject, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [challenge.value, challenge.purpose, challenge.subject, challenge.seconds],
  );
}

/** Takes a live challenge once: true only for the first caller, in whichever process, before it expires. */
export async function takeChallenge(
  db: Queryable,
  challenge: { value: string; purpose: ChallengePurpose; subject: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM passkey_challenges
      WHERE challenge = $1 AND purpose = $2 AND subject = $3 AND expires_at > now() RETURNING challenge`,
    [challenge.value, challenge.purpose, challenge.subject],
  );
  return rows.length > 0;
}
