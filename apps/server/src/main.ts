import path from 'node:path';
import { buildApp } from './app.ts';
import { createJwtVerifier } from './auth/jwt-verifier.ts';
import type { AccessTokenVerifier } from './auth/principal.ts';
import { type Config, ConfigError, issuerOf, parseConfig } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { findDemoAccounts, seedDemo } from './db/seed/seed-demo.ts';
import { printBanner } from './http/banner.ts';
import { createEmbeddedIdp } from './idp/embedded-idp.ts';
import { startJobs, summariesOf } from './jobs.ts';
import { createMailTransport } from './mail/mail-transport.ts';
import { createScanner } from './scanning/scan-worker.ts';
import { releaseAllClaims } from './scanning/scans.repository.ts';
import { openBlobStore } from './storage/open-blob-store.ts';

/**
 * Composition root: config → database → blob store → identity → services → http → the background jobs (`jobs.ts`).
 * Tests build the same.
 */
export async function startServer(
  config: Config,
  options: { logger?: false | object; quiet?: boolean } = {},
) {
  // The issuer first: if it cannot be used, nothing else is started only to be stopped again.
  const verifier = createJwtVerifier({
    issuer: issuerOf(config),
    audience: config.oidcAudience,
    tenantClaim: config.tenantClaim,
    acceptJwtTyp: config.oidcAcceptJwtTyp === true,
  });
  const issuerWarning = config.oidcIssuer ? await checkExternalIssuer(config, verifier) : undefined;
  const db = await openDatabase(config);
  // A housekeeping call the blob store lacks (ListMultipartUploads on plain s3rver) is one warning and a metric
  // (portico_blob_store_missing_operations), never a failed start; found before the logger exists, it waits.
  const late: { log?: { warn(details: object, message: string): void }; missing: object[] } = { missing: [] };
  const blobs = await openBlobStore(config, {
    onMissingOperation: (operation, error) => {
      const details = { operation, err: error };
      if (late.log) late.log.warn(details, MISSING_OPERATION_WARNING);
      else late.missing.push(details);
    },
  });
  // Before anything of this process writes a blob: half-written files a crash left behind. With PGlite and the
  // file store this process is the data folder's only user (two on one PGlite folder would corrupt it), so every
  // one of them is a dead process's; replicas on PostgreSQL may share the folder or bucket and be writing
  // theirs, and a bucket may be shared anyway: there the age limit rules.
  const alone = !config.databaseUrl && config.blobStore === 'fs';
  const abandonedWrites = await blobs.removeAbandonedWrites(alone ? new Date() : undefined);
  if (config.seedDemo) await seedDemo(db, blobs);
  const idp = config.oidcIssuer ? undefined : await createEmbeddedIdp({ config, db });
  // Every incoming file is scanned by clamd before the other side sees it (decision 43); none without CLAMD_URL.
  const scanner = config.clamdUrl
    ? createScanner({ db, blobs, clamd: config.clamdUrl, unscannedPolicy: config.scanUnscanned })
    : undefined;
  // Scans a dead process had claimed are due again now (alone: no other process can be running them).
  if (scanner && alone) await releaseAllClaims(db);
  const jobs = summariesOf(config);
  const app = await buildApp({ config, db, blobs, verifier, idp, jobs, logger: options.logger, scanner });
  scanner?.start(app.log);
  if (issuerWarning) app.log.warn(issuerWarning);
  if (abandonedWrites) app.log.info({ abandonedWrites }, 'half-written files of an earlier run removed');
  late.log = app.log;
  for (const details of late.missing) app.log.warn(details, MISSING_OPERATION_WARNING);
  // Mail leaves through the outbox (decision 34): SMTP_URL, or .eml files in DATA_DIR/outbox.
  const mailTransport = createMailTransport({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    timeoutMs: (config.mailLeaseSeconds * 1000) / 3,
  });
  const running = startJobs({ db, blobs, config, log: app.log, mailTransport, scanner });
  app.log.info({ jobs: jobs.map((job) => job.name) }, 'background jobs started');
  app.addHook('onClose', async () => {
    await scanner?.stop();
    await running.stop();
    mailTransport.close();
    await db.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (!options.quiet)
    printBanner(config, config.oidcIssuer ? [] : await findDemoAccounts(db), mailTransport.description, jobs);
  return { app, db, blobs, config, scanner };
}

const MISSING_OPERATION_WARNING =
  'the blob store does not implement a housekeeping call: skipped from now on (files are not affected)';

/**
 * An external issuer whose metadata or keys cannot be fetched would let the server start and every sign-in fail
 * in the browser ("Failed to fetch"): stop at once, in one line, unless OIDC_STARTUP_CHECK=retry (then start,
 * warn, and let each request and /readyz try again). Answers the warning to log, if any.
 */
async function checkExternalIssuer(
  config: Config,
  verifier: AccessTokenVerifier,
): Promise<string | undefined> {
  try {
    await verifier.checkIssuer?.();
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `OIDC_ISSUER="${config.oidcIssuer}" cannot be used: ${reason}`;
    if (config.oidcStartupCheck === 'retry') return `${message}; starting anyway (OIDC_STARTUP_CHECK=retry)`;
    throw new StartupError(`${message} Set OIDC_STARTUP_CHECK=retry to start anyway.`);
  }
}

/** A start-up failure whose message says it all (printed as is, on one line). */
class StartupError extends Error {}

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
    // Idle keep-alive connections close at once. Ctrl+C (SIGINT) is a person at a terminal: long-lived
    // connections (a download, a browser's open request) get 1.5 s, then are cut, so the server stops within 2 s
    // with browsers connected (issue 30). SIGTERM (a deploy, a container stop) lets requests in flight finish.
    if (signal === 'SIGINT') setTimeout(() => app.server.closeAllConnections(), 1_500).unref();
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
      error instanceof ConfigError || error instanceof StartupError
        ? `portico: ${reason}`
        : `portico: failed to start: ${reason}`,
    );
    process.exit(1);
  });
}
