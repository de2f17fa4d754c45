import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.ts';

/** Expired rows are deleted on a write at most this often; reads ignore them meanwhile. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface PostgresAdapterOptions {
  /** Called when purging expired rows fails; the write that triggered it still succeeds. */
  onPurgeError?: (error: unknown) => void;
}

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the one `oidc_payloads`
 * table, keyed by model and id, on the owner connection: it is not tenant data. Being in the database rather
 * than in memory is what lets sessions survive a restart and replicas share them.
 */
export function createPostgresAdapterFactory(db: Queryable, options: PostgresAdapterOptions = {}) {
  let lastPurge = 0;
  const purgeNowAndThen = async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    try {
      await db.query('DELETE FROM oidc_payloads WHERE expires_at < now()');
    } catch (error) {
      options.onPurgeError?.(error);
    }
  };
  return (model: string): Adapter => new PostgresAdapter(model, db, purgeNowAndThen);
}

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

class PostgresAdapter implements Adapter {
  readonly #model: string;
  readonly #db: Queryable;
  readonly #purge: () => Promise<void>;

  constructor(model: string, db: Queryable, purge: () => Promise<void>) {
    this.#model = model;
    this.#db = db;
    this.#purge = purge;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    // consumed_at is left alone on update: a consumed code or rotated refresh token stays consumed.
    await this.#db.query(
      `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE
         SET payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
             uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        this.#model,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
    await this.#purge();
  }

  async find(id: string) {
    return this.#one(`model = $1 AND id = $2 AND ${LIVE}`, id);
  }

  async findByUid(uid: string) {
    return this.#one(`model = $1 AND uid = $2 AND ${LIVE}`, uid);
  }

  async findByUserCode(userCode: string) {
    return this.#one(`model = $1 AND user_code = $2 AND ${LIVE}`, userCode);
  }

  async consume(id: string) {
    await this.#db.query('UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [
      this.#model,
      id,
    ]);
  }

  async destroy(id: string) {
    await this.#db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.#model, id]);
  }

  async revokeByGrantId(grantId: string) {
    await this.#db.query('DELETE FROM oidc_payloads WHERE model = $1 AND grant_id = $2', [
      this.#model,
      grantId,
    ]);
  }

  async #one(where: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.#db.query<Row>(
      `SELECT payload, consumed_at FROM oidc_payloads WHERE ${where} LIMIT 1`,
      [this.#model, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (!row.consumed_at) return row.payload;
    // The provider reads `consumed` as seconds since the epoch.
    return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
  }
}

/**
 * Removes every sign-in the provider holds for an account (sessions, grants, codes and refresh tokens), so none of
 * them can be used or renewed again; answers how many sessions ended.
 */
export async function deleteSignInsOfAccount(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ model: string }>(
    `DELETE FROM oidc_payloads
      WHERE model IN ('Session', 'Grant', 'AuthorizationCode', 'RefreshToken')
        AND payload->>'accountId' = $1
     RETURNING model`,
    [accountId],
  );
  return rows.filter((r) => r.model === 'Session').length;
}
