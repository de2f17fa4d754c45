import type { FastifyServerOptions } from 'fastify';
import type { AccessTokenVerifier } from './auth/principal.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { EmbeddedIdp } from './idp/embedded-idp.ts';
import type { Scanner } from './scanning/scan-worker.ts';
import type { BlobStore } from './storage/blob-store.ts';

/** What the composition root (main.ts) hands the HTTP app: the process's one of each. */
export interface AppDeps {
  config: Config;
  db: Database;
  blobs: BlobStore;
  verifier: AccessTokenVerifier;
  /** Present when no external OIDC_ISSUER is configured. */
  idp?: EmbeddedIdp;
  logger?: FastifyServerOptions['logger'];
  /** The background jobs the composition root runs (`jobs.ts`), for `/metrics`. */
  jobs?: readonly { name: string; intervalMs: number }[];
  /** The malware scanner (clamd); absent when CLAMD_URL is not set. */
  scanner?: Scanner | undefined;
}
