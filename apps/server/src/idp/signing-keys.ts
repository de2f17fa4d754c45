import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database, Queryable } from '../db/database.ts';

/** The algorithm of the provider's signing key: RS256 is what every relying party accepts without setup. */
export const SIGNING_ALG = 'RS256';

export interface ProviderSecrets {
  /** Private JWKs, as oidc-provider's `jwks` option takes them. */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

/**
 * Where earlier versions kept the keys: `${DATA_DIR}/oidc/jwks.json` (`{ "keys": [private JWK] }`) and
 * `cookie-keys.json`. Read once, on the first start with the keys in the database, so that installs that had them
 * keep their tokens verifiable and their browser sessions alive.
 */
export const jwksFileOf = (dataDir: string) => path.join(dataDir, 'oidc', 'jwks.json');
export const cookieKeysFileOf = (dataDir: string) => path.join(dataDir, 'oidc', 'cookie-keys.json');

/** Serialises the first start's creation across processes (migrations hold 7426, job locks 7427). */
const SECRETS_LOCK = 7428;

type SecretName = 'jwks' | 'cookie-keys';

/**
 * The provider's signing and cookie keys, from the database (`provider_secrets`, migration 0014), so every
 * server process on it signs and verifies with the same keys. On the first start they are imported from
 * DATA_DIR's files when an earlier version left them there, or else generated; under an advisory lock, so
 * processes starting together agree on one set. Keeping them is what keeps issued tokens verifiable and browser
 * sessions alive across restarts and processes.
 */
export async function loadOrCreateSecrets(db: Database, dataDir: string): Promise<ProviderSecrets> {
  const stored = await readStoredSecrets(db);
  if (stored.jwks && stored['cookie-keys']) return secretsOf(stored.jwks, stored['cookie-keys']);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SECRETS_LOCK]);
    const current = await readStoredSecrets(tx);
    const create = async (name: SecretName, file: string, make: () => Promise<{ keys: unknown[] }>) => {
      const value = current[name] ?? (await readKeysFile(file)) ?? (await make());
      if (!current[name]) {
        await tx.query('INSERT INTO provider_secrets (name, value) VALUES ($1, $2)', [
          name,
          JSON.stringify(value),
        ]);
      }
      return value;
    };
    const jwks = await create('jwks', jwksFileOf(dataDir), async () => ({
      keys: [await generateSigningKey()],
    }));
    const cookies = await create('cookie-keys', cookieKeysFileOf(dataDir), async () => ({
      keys: [randomBytes(32).toString('base64url')],
    }));
    return secretsOf(jwks, cookies);
  });
}

/** The provider's private signing keys as stored (for the test helpers that mint tokens the server accepts). */
export async function readProviderJwks(db: Queryable): Promise<{ keys: JWK[] }> {
  const { jwks } = await readStoredSecrets(db);
  if (!jwks) throw new Error('the provider has no signing keys yet');
  return jwks as { keys: JWK[] };
}

async function readStoredSecrets(db: Queryable) {
  const { rows } = await db.query<{ name: SecretName; value: { keys: unknown[] } }>(
    'SELECT name, value FROM provider_secrets',
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.value])) as Partial<
    Record<SecretName, { keys: unknown[] }>
  >;
}

function secretsOf(jwks: { keys: unknown[] }, cookies: { keys: unknown[] }): ProviderSecrets {
  if (!Array.isArray(jwks.keys) || jwks.keys.length === 0)
    throw new Error('the provider has no signing keys');
  if (!Array.isArray(cookies.keys) || cookies.keys.length === 0)
    throw new Error('the provider has no cookie keys');
  return { jwks: { keys: jwks.keys as JWK[] }, cookieKeys: cookies.keys as string[] };
}

async function readKeysFile(file: string): Promise<{ keys: unknown[] } | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { keys: unknown[] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: SIGNING_ALG, use: 'sig' };
}
