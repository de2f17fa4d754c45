import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { APP_VERSION, type Health, HealthSchema, type Readiness, ReadinessSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import type { AccessTokenVerifier } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { AppError } from './app-error.ts';

export interface HealthDeps {
  db: Database;
  blobs: BlobStore;
  verifier: AccessTokenVerifier;
  /** An external issuer is checked; the embedded provider is this process. */
  externalIssuer: boolean;
  /** clamd, when CLAMD_URL is set: answers its PING. */
  scanner?: { ping(): Promise<void> } | undefined;
}

/** `/healthz`: cheap liveness (the process and its database answer). `/readyz`: every part a request needs. */
export function registerHealth(
  app: FastifyInstance,
  { db, blobs, verifier, externalIssuer, scanner }: HealthDeps,
) {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema },
      },
    },
    async (): Promise<Health> => {
      try {
        await db.query('SELECT 1');
      } catch {
        throw new AppError('server.unavailable', 'The database does not answer.');
      }
      return { status: 'ok', version: APP_VERSION, database: 'ok' };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database, the blob store, the external issuer and the virus scanner',
        description:
          'Writes and removes a small blob, queries the database and, with an external issuer, fetches its ' +
          'signing keys (at most every 30 s), and with CLAMD_URL asks clamd for PONG. 503 with the same body when any check failed.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply): Promise<Readiness> => {
      const outcome = (check: Promise<unknown>, what: string) =>
        check.then(
          () => 'ok' as const,
          (error: unknown) => {
            request.log.warn({ err: error }, `readiness: the ${what} check failed`);
            return 'failed' as const;
          },
        );
      const [database, blobStore, issuer, scannerCheck] = await Promise.all([
        outcome(db.query('SELECT 1'), 'database'),
        outcome(probeBlobStore(blobs), 'blob store'),
        externalIssuer
          ? outcome(verifier.checkIssuer?.() ?? Promise.resolve(), 'issuer')
          : Promise.resolve('not_used' as const),
        scanner ? outcome(scanner.ping(), 'scanner') : Promise.resolve('not_used' as const),
      ]);
      // A scanner that does not answer leaves new files waiting unseen: not ready, and the check says why.
      const ready =
        database === 'ok' && blobStore === 'ok' && issuer !== 'failed' && scannerCheck !== 'failed';
      reply.status(ready ? 200 : 503);
      return {
        status: ready ? 'ready' : 'not_ready',
        version: APP_VERSION,
        checks: { database, blobStore, issuer, scanner: scannerCheck },
      };
    },
  );
}

/** The blob store takes a write, serves it back and forgets it. */
async function probeBlobStore(blobs: BlobStore) {
  const key = `readyz/${randomUUID()}`;
  await blobs.put(key, Readable.from([Buffer.from('ok')]));
  try {
    const info = await blobs.stat(key);
    if (info?.size !== 2) throw new Error('the probe blob was not kept');
  } finally {
    await blobs.delete(key);
  }
}
