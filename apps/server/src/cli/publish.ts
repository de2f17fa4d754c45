import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { Command } from '@commander-js/extra-typings';
import { scanIntakeOf, trackBlobScans } from '../scanning/scans.repository.ts';
import { publishedSha256s } from '../site-files/publish.staff.repository.ts';
import { publishFiles } from '../site-files/publish.staff.usecases.ts';
import { findTenantSite } from '../sites/sites.staff.repository.ts';
import { storedFileName } from '../transfers/safe-file-name.ts';
import { contentTypeOf, refusalOf, UploadMeter } from '../uploads/upload-policy.ts';
import { humanBytes as bytes } from '../uploads/uploads.errors.ts';
import { insertPendingUploads, type ReceivedFile, tenantUploadLimit } from '../uploads/uploads.repository.ts';
import { type CliContext, CliError, type CliIo, withContext } from './context.ts';
import { createProgress } from './progress.ts';
import { scanNow } from './scan.ts';
import { AS_OPTION, SITE_OPTION, siteIdOf } from './site.ts';

interface LocalFile {
  path: string;
  name: string;
  size: number;
}

/** The files named, folders walked recursively (hidden entries skipped), in a stable order. */
async function collectFiles(paths: readonly string[]): Promise<LocalFile[]> {
  const out: LocalFile[] = [];
  const visit = async (full: string) => {
    const info = await stat(full).catch(() => {
      throw new CliError(`${full}: no such file or folder`);
    });
    if (info.isDirectory()) {
      const entries = (await readdir(full)).filter((e) => !e.startsWith('.')).sort();
      for (const entry of entries) await visit(path.join(full, entry));
    } else if (info.isFile()) {
      const name = storedFileName(path.basename(full));
      if (!name)
        throw new CliError(`${full}: the file name cannot be kept (too long or only invisible characters)`);
      out.push({ path: full, name, size: info.size });
    }
  };
  for (const p of paths) await visit(path.resolve(p));
  return out;
}

const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * Publishes local files to a site as the staff member `--as`: each file is streamed from disk into the blob store
 * (counted, hashed and checked on the way, as the server's uploads are), then all of them become Published Files
 * in one transaction, so a failure anywhere publishes nothing and leaves no blob. Files whose SHA-256 the site
 * already has published (or that repeat one of this run) are skipped.
 */
async function publish(
  ctx: CliContext,
  paths: readonly string[],
  options: { tenant: string; site: string; as: string; dryRun?: boolean },
) {
  const scope = await ctx.actingAs(options.tenant, options.as);
  const siteId = await siteIdOf(ctx, options.tenant, options.site);
  const { site, known, tenantLimit } = await ctx.db.withTenant(options.tenant, async (tx) => ({
    site: await findTenantSite(tx, scope, siteId),
    known: await publishedSha256s(tx, scope, siteId),
    tenantLimit: await tenantUploadLimit(tx, options.tenant),
  }));
  if (site.archived)
    throw new CliError(`site "${site.name}" is archived: restore it before publishing to it`);
  const maxBytes = Math.min(ctx.config.maxUploadBytes, tenantLimit ?? Infinity);
  const refused = ctx.config.uploadRefusedExtensions;

  const files = await collectFiles(paths);
  if (!files.length) throw new CliError('no files to publish');
  const todo: LocalFile[] = [];
  for (const file of files) {
    const refusal = refusalOf(file.name, '', refused);
    if (refusal) throw new CliError(`${file.path}: ${refusal}`);
    if (file.size > maxBytes) throw new CliError(`${file.path}: larger than the limit of ${bytes(maxBytes)}`);
    const sha256 = await sha256Of(file.path);
    if (known.has(sha256)) {
      ctx.print(`skip     ${file.name} (published already, same SHA-256)`);
      continue;
    }
    known.add(sha256);
    todo.push(file);
  }
  if (options.dryRun) {
    for (const file of todo) ctx.print(`publish  ${file.name} (${bytes(file.size)})`);
    ctx.print(`Dry run: ${todo.length} file(s) would be published to "${site.name}"; nothing was written.`);
    return;
  }
  if (!todo.length) {
    ctx.print(`Nothing to publish: "${site.name}" has every file already.`);
    return;
  }

  const progress = createProgress(
    ctx.io,
    todo.reduce((n, f) => n + f.size, 0),
  );
  const received: ReceivedFile[] = [];
  try {
    for (const file of todo) {
      const blobKey = `${options.tenant}/${randomUUID()}`;
      const meter = new UploadMeter(maxBytes, refused);
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          progress.advance(file.name, chunk.length);
          done(null, chunk);
        },
      });
      // pipeline, not pipe: a failing stage (too large, a program) destroys the others and fails the blob write.
      await ctx.blobs.put(
        blobKey,
        pipeline(createReadStream(file.path), counted, meter, () => {}),
      );
      received.push({
        blobKey,
        fileName: file.name,
        contentType: contentTypeOf(file.name, ''),
        size: meter.size,
        sha256: meter.digest(),
      });
      progress.log(`sent     ${file.name} (${bytes(meter.size)})`);
    }
    const published = await ctx.db.withTenant(options.tenant, async (tx) => {
      const uploads = await insertPendingUploads(tx, scope, siteId, received);
      await trackBlobScans(tx, scope, siteId, uploads, scanIntakeOf(ctx.config));
      // The site's clients are told as when staff publish in the control panel (batched, NOTIFY_BATCH_SECONDS).
      return publishFiles(
        tx,
        scope,
        { siteId, files: uploads.map((u) => ({ referenceNumber: u.referenceNumber })) },
        { batchSeconds: ctx.config.notifyBatchSeconds },
      );
    });
    progress.end();
    ctx.print(`Published ${published.length} file(s) to "${site.name}" as ${scope.user.email}.`);
    // Scanned before the command ends, as the server scans its uploads (decision 43); clients see them once clean.
    if (ctx.config.clamdUrl) await scanNow(ctx, ctx.config.clamdUrl);
  } catch (error) {
    progress.end();
    await Promise.all(received.map((r) => ctx.blobs.delete(r.blobKey).catch(() => {})));
    throw error;
  }
}

export function publishCommand(io: CliIo) {
  return new Command('publish')
    .description(
      "Publish a folder's files (recursively) or single files to a site, skipping those it has already",
    )
    .argument('<paths...>', 'files and folders to publish')
    .requiredOption('--tenant <code>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .option('--dry-run', 'say what would be published, and write nothing')
    .action((paths, options) => withContext(io, (ctx) => publish(ctx, paths, options)));
}
