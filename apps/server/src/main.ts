import path from 'node:path';
import { buildApp } from './app.ts';
import { createJwtVerifier } from './auth/jwt-verifier.ts';
import { type Config, ConfigError, issuerOf, parseConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { printBanner } from './http/banner.ts';
import { createEmbeddedIdp } from './idp/embedded-idp.ts';
import { createFsBlobStore } from './storage/fs-blob-store.ts';

/** Composition root: config → database → blob store → identity → services → http. Tests build the same. */
export async function startServer(
  config: Config,
  options: { logger?: false | object; quiet?: boolean } = {},
) {
  const db = await openDatabase(config);
  const blobs = createFsBlobStore(path.join(config.dataDir, 'blobs'), {
    abandonedWriteAgeMs: config.tempFileMaxAgeSeconds * 1000,
  });
  // Before anything of this process writes a blob: half-written files a crash left behind. With PGlite this
  // process is the data folder's only user (two on one PGlite folder would corrupt it), so every one of them is a
  // dead process's; replicas on PostgreSQL may share the folder and be writing theirs: there the age limit rules.
  const abandonedWrites = await blobs.removeAbandonedWrites(config.databaseUrl ? undefined : new Date());
  const seeded = config.seedDemo ? await seedDemo(db, blobs) : undefined;
  const idp = config.oidcIssuer ? undefined : await createEmbeddedIdp({ config, db });
  const verifier = createJwtVerifier({
    issuer: issuerOf(config),
    audience: config.oidcAudience,
    tenantClaim: config.tenantClaim,
  });
  const app = await buildApp({ config, db, blobs, verifier, idp, logger: options.logger });
  if (abandonedWrites) app.log.info({ abandonedWrites }, 'half-written files of an earlier run removed');
  app.addHook('onClose', async () => {
    await db.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (!options.quiet) printBanner(config, seeded);
  return { app, db, blobs, config };
}

async function main() {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`portico: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app } = await startServer(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A second signal or a stuck request must not keep the process forever.
    setTimeout(() => process.exit(1), 25_000).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

if (import.meta.main) {
  main().catch((error) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof ConfigError ? `portico: ${reason}` : `portico: failed to start: ${reason}`,
    );
    process.exit(1);
  });
}
