import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The key that seals second-step secrets: SECRET_KEY when set (required with NODE_ENV=production, config.ts),
 * else one generated into the database on the first start, like the provider's signing keys, so every process on
 * the database, and every restart, opens what another sealed. Whichever process inserts first wins; the others
 * read its key.
 */
export async function loadOrCreateSecretKey(
  db: Queryable,
  config: Pick<Config, 'secretKey'>,
): Promise<string> {
  if (config.secretKey) return config.secretKey;
  await db.query(
    `INSERT INTO provider_secrets (name, value) VALUES ('secret-key', $1) ON CONFLICT (name) DO NOTHING`,
    [JSON.stringify({ keys: [randomBytes(32).toString('base64url')] })],
  );
  const { rows } = await db.query<{ value: { keys: string[] } }>(
    `SELECT value FROM provider_secrets WHERE name = 'secret-key'`,
  );
  const key = rows[0]?.value.keys[0];
  if (!key) throw new Error('the provider has no secret key');
  return key;
}
