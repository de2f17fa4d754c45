import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, Writable } from 'node:stream';
import { pipeline as pipelinePromise } from 'node:stream/promises';
import { Command } from '@commander-js/extra-typings';
import { ensureFolderPath } from '../folders/folders.usecases.ts';
import { AppError } from '../http/app-error.ts';
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
  /** The site's folders it goes into, below `--folder`: its folders below the folder named on the command line. */
  folders: string[];
}

/** A folder name the site's tree takes (one segment, 1 to 255 characters, no `\`, not `.` or `..`), or why not. */
function folderName(full: string, name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 255 || /[/\\]/.test(trimmed) || trimmed === '.' || trimmed === '..')
    throw new CliError(`${full}: "${name}" cannot be a folder name on the site`);
  return trimmed;
}

/**
 * The files named, folders walked recursively (hidden entries skipped), in a stable order; each file of a folder
 * named keeps the subfolders it is in below that folder (`2025/Q1/x.pdf` of `docs/` goes into 2025 → Q1).
 */
async function collectFiles(paths: readonly string[]): Promise<LocalFile[]> {
  const out: LocalFile[] = [];
  const visit = async (full: string, folders: string[]) => {
    const info = await stat(full).catch(() => {
      throw new CliError(`${full}: no such file or folder`);
    });
    if (info.isDirectory()) {
      const entries = (await readdir(full)).filter((e) => !e.startsWith('.')).sort();
      for (const entry of entries) {
        const child = path.join(full, entry);
        const isDirectory = (await stat(child)).isDirectory();
        await visit(child, isDirectory ? [...folders, folderName(child, entry)] : folders);
      }
    } else if (info.isFile()) {
      const name = storedFileName(path.basename(full));
      if (!name)
        throw new CliError(`${full}: the file name cannot be kept (too long or only invisible characters)`);
      out.push({ path: full, name, size: info.size, folders });
    }
  };
  for (const p of paths) await visit(path.resolve(p), []);
  return out;
}

/**
 * Reads a file through the uploads' own meter: its SHA-256, or why it is refused (too large, a program, a refused
 * script), found before anything is sent, so a dry run says it too.
 */
async function inspect(
  file: LocalFile,
  maxBytes: number,
  refused: readonly string[],
): Promise<{ sha256: string } | { refusal: string }> {
  const meter = new UploadMeter(maxBytes, refused);
  try {
    await pipelinePromise(
      createReadStream(file.path),
      meter,
      new Writable({ write: (_c, _e, done) => done() }),
    );
  } catch (error) {
    if (error instanceof AppError) return { refusal: error.message };
    throw error;
  }
  return { sha256: meter.digest() };
}

/**
 * Publishes local files to a site as the staff member `--as`: each file is checked first (as the server's uploads
 * are: name, size, content), then streamed from disk into the blob store, then all of them become Published Files
 * in one transaction, so a failure while sending publishes nothing and leaves no blob. A refused file is reported
 * and the rest are published; the command then fails (exit code 1), a dry run too. Files whose SHA-256 the site
 * already has published are skipped, and so is a second copy of a file of this run, named as such.
 */
async function publish(
  ctx: CliContext,
  paths: readonly string[],
  options: { tenant: string; site: string; as: string; dryRun?: boolean; folder?: string },
) {
  const under = (options.folder ?? '')
    .split('/')
    .filter((segment) => segment.trim())
    .map((segment) => folderName(options.folder!, segment));
  const caller = await ctx.actingAs(options.tenant, options.as);
  const siteId = await siteIdOf(ctx, options.tenant, options.site);
  const { site, known, tenantLimit } = await ctx.db.withTenant(options.tenant, async (tx) => ({
    site: await findTenantSite(tx, caller, siteId),
    known: await publishedSha256s(tx, caller, siteId),
    tenantLimit: await tenantUploadLimit(tx, options.tenant),
  }));
  if (site.archived)
    throw new CliError(`site "${site.name}" is archived: restore it before publishing to it`);
  const maxBytes = Math.min(ctx.config.maxUploadBytes, tenantLimit ?? Infinity);
  const refused = ctx.config.uploadRefusedExtensions;

  const files = await collectFiles(paths);
  if (!files.length) throw new CliError('no files to publish');
  const todo: LocalFile[] = [];
  const refusals: string[] = [];
  const thisRun = new Map<string, string>();
  for (const file of files) {
    const refusal =
      refusalOf(file.name, '', refused) ??
      (file.size > maxBytes ? `larger than the limit of ${bytes(maxBytes)}` : undefined);
    const inspected = refusal ? { refusal } : await inspect(file, maxBytes, refused);
    if ('refusal' in inspected) {
      ctx.print(`refuse   ${file.name}: ${inspected.refusal}`);
      refusals.push(file.path);
      continue;
    }
    const { sha256 } = inspected;
    if (known.has(sha256)) {
      ctx.print(`skip     ${file.name} (published already, same SHA-256)`);
      continue;
    }
    const twin = thisRun.get(sha256);
    if (twin) {
      ctx.print(`skip     ${file.name} (the same content as ${twin}, published once)`);
      continue;
    }
    thisRun.set(sha256, file.name);
    todo.push(file);
  }
  const refusedAtEnd = () => {
    if (refusals.length)
      throw new CliError(`${refusals.length} file(s) refused, the others done: ${refusals.join(', ')}`);
  };
  if (options.dryRun) {
    for (const file of todo) ctx.print(`publish  ${shownPath(under, file)} (${bytes(file.size)})`);
    ctx.print(`Dry run: ${todo.length} file(s) would be published to "${site.name}"; nothing was written.`);
    return refusedAtEnd();
  }
  if (!todo.length) {
    ctx.print(`Nothing to publish: "${site.name}" has every file already.`);
    return refusedAtEnd();
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
        folderId: null,
      });
      progress.log(`sent     ${file.name} (${bytes(meter.size)})`);
    }
    const published = await ctx.db.withTenant(options.tenant, async (tx) => {
      // The site's folders, found by name or created, in the same transaction as the files.
      const folderIds = new Map<string, string | null>();
      for (const [i, file] of todo.entries()) {
        const key = [...under, ...file.folders].join('/').toLowerCase();
        if (!folderIds.has(key))
          folderIds.set(key, await ensureFolderPath(tx, caller, siteId, [...under, ...file.folders]));
        received[i]!.folderId = folderIds.get(key)!;
      }
      const uploads = await insertPendingUploads(tx, caller, siteId, received);
      await trackBlobScans(tx, caller, siteId, uploads, scanIntakeOf(ctx.config));
      // The site's clients are told as when staff publish in the control panel (batched, NOTIFY_BATCH_SECONDS).
      return publishFiles(
        tx,
        caller,
        { siteId, files: uploads.map((u) => ({ referenceNumber: u.referenceNumber })) },
        { batchSeconds: ctx.config.notifyBatchSeconds },
      );
    });
    progress.end();
    ctx.print(`Published ${published.length} file(s) to "${site.name}" as ${caller.user.email}.`);
    // Scanned before the command ends, as the server scans its uploads (decision 43); clients see them once clean.
    if (ctx.config.clamdUrl) await scanNow(ctx, ctx.config.clamdUrl);
  } catch (error) {
    progress.end();
    await Promise.all(received.map((r) => ctx.blobs.delete(r.blobKey).catch(() => {})));
    throw error;
  }
  refusedAtEnd();
}

const shownPath = (under: readonly string[], file: LocalFile) =>
  [...under, ...file.folders, file.name].join('/');

export function publishCommand(io: CliIo) {
  return new Command('publish')
    .description(
      "Publish a folder's files (recursively, keeping its subfolders as the site's folders) or single files to a " +
        'site, skipping those it has already',
    )
    .argument('<paths...>', 'files and folders to publish')
    .requiredOption('--tenant <code>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .option('--folder <path>', "the site's folder to publish into, e.g. 2025/Q1 (created if missing)")
    .option('--dry-run', 'say what would be published, and write nothing')
    .action((paths, options) => withContext(io, (ctx) => publish(ctx, paths, options)));
}
