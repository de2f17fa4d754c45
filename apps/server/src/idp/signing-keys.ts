import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** The algorithm of the provider's signing key: RS256 is what every relying party accepts without setup. */
export const SIGNING_ALG = 'RS256';

export interface ProviderSecrets {
  /** Private JWKs, as oidc-provider's `jwks` option takes them. */
  jwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

/**
 * `${DATA_DIR}/oidc/jwks.json`: `{ "keys": [private JWK] }`, mode 0600. Test helpers read this exact file to
 * mint tokens the server accepts, so its place and shape are a contract.
 */
export const jwksFileOf = (dataDir: string) => path.join(dataDir, 'oidc', 'jwks.json');
export const cookieKeysFileOf = (dataDir: string) => path.join(dataDir, 'oidc', 'cookie-keys.json');

/**
 * Loads the provider's signing and cookie keys from DATA_DIR, creating them on first start. Keeping them across
 * restarts is what keeps issued tokens verifiable and browser sessions alive after a deploy.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<ProviderSecrets> {
  await mkdir(path.join(dataDir, 'oidc'), { recursive: true, mode: 0o700 });
  const jwks = await loadOrCreate(jwksFileOf(dataDir), async () => ({ keys: [await generateSigningKey()] }));
  const cookies = await loadOrCreate(cookieKeysFileOf(dataDir), async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) {
    throw new Error(`${jwksFileOf(dataDir)} holds no keys`);
  }
  if (!Array.isArray(cookies.keys) || cookies.keys.length === 0) {
    throw new Error(`${cookieKeysFileOf(dataDir)} holds no keys`);
  }
  return { jwks: { keys: jwks.keys as JWK[] }, cookieKeys: cookies.keys as string[] };
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: SIGNING_ALG, use: 'sig' };
}

/**
 * Reads a JSON file, or writes it whole under a temporary name and links it into place. `link` fails when the
 * file appeared meanwhile (another replica starting on the same DATA_DIR), and then that file wins for everyone.
 */
async function loadOrCreate(file: string, create: () => Promise<{ keys: unknown[] }>) {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { keys: unknown[] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(await create(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return JSON.parse(await readFile(file, 'utf8')) as { keys: unknown[] };
}
