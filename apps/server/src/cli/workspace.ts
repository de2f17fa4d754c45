import { Command } from '@commander-js/extra-typings';
import type { Folder } from '@portico/contracts';
import { updateFile } from '../file-actions/file-actions.usecases.ts';
import { createFolder, listSiteFolders } from '../folders/folders.usecases.ts';
import { listSiteTrash, restoreTrashItem } from '../trash/trash.usecases.ts';
import { type CliContext, CliError, type CliIo, withContext } from './context.ts';
import { day } from './output.ts';
import { plainText } from './plain-text.ts';
import { AS_OPTION, SITE_OPTION, siteIdOf } from './site.ts';

/**
 * The file workspace on the command line (issue 27): a site's folders and trash, and moving a file, for a firm's
 * operator. Each runs the server's own use case as the staff member `--as` names, so it is checked, audited and
 * recorded in the file's history as the same action on the page would be.
 */

/** Every folder's path from the root, `2025/Q1`, as an operator types it. */
function folderPaths(folders: readonly Folder[]): Map<string, string> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<string, string>();
  const pathOf = (folder: Folder): string => {
    const known = paths.get(folder.id);
    if (known !== undefined) return known;
    const parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    const path = parent ? `${pathOf(parent)}/${folder.name}` : folder.name;
    paths.set(folder.id, path);
    return path;
  };
  for (const folder of folders) pathOf(folder);
  return paths;
}

/** The folder `ref` names (its id or its path from the root, in any case; `/` is the root: null). */
async function folderIdOf(ctx: CliContext, tenant: string, email: string, siteId: string, ref: string) {
  if (ref === '/' || ref === '') return null;
  const scope = await ctx.actingAs(tenant, email);
  const { records } = await listSiteFolders(ctx.db, scope, siteId);
  const wanted = ref.replace(/^\/+|\/+$/g, '').toLowerCase();
  for (const [id, path] of folderPaths(records)) {
    if (id === ref.toLowerCase() || path.toLowerCase() === wanted) return id;
  }
  throw new CliError(
    `no folder "${ref}" on that site (give its id or its path, e.g. 2025/Q1; / for the top level)`,
  );
}

/** `portico folder list|create`: a site's folders. */
export function folderCommand(io: CliIo) {
  const folder = new Command('folder').description("List and create a site's folders");

  folder
    .command('list')
    .description("List a site's folders, each with its path")
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const scope = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const { records } = await listSiteFolders(ctx.db, scope, siteId);
        const paths = folderPaths(records);
        const rows = records.map((f) => [f.id, paths.get(f.id)!] as const);
        ctx.printTable(
          ['ID', 'PATH'],
          [...rows].sort((a, b) => a[1].localeCompare(b[1])),
        );
      }),
    );

  folder
    .command('create')
    .description('Create a folder on a site, at its top level or in --parent')
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption('--name <name>', "the folder's name")
    .option('--parent <folder>', 'the folder to create it in, by id or path (default: the top level)')
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const name = plainText(options.name, '--name', 255);
        const scope = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const parentId = options.parent
          ? await folderIdOf(ctx, tenant, options.as, siteId, options.parent)
          : null;
        const created = await createFolder(ctx.db, scope, { siteId, name, parentId });
        ctx.print(`Created folder "${created.name}" (${created.id}).`);
      }),
    );

  return folder;
}

/** `portico trash list|restore`: what was deleted on a site, and bringing it back. */
export function trashCommand(io: CliIo) {
  const trash = new Command('trash').description("List a site's trash and restore from it");

  trash
    .command('list')
    .description("List a site's trash, newest first")
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const scope = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const { records } = await listSiteTrash(ctx.db, scope, { siteId, limit: 1000 });
        ctx.printTable(
          ['ID', 'KIND', 'NAME', 'DELETED', 'BY'],
          records.map((item) => [item.id, item.kind, item.name, day(item.deletedAt), item.deletedBy]),
        );
      }),
    );

  trash
    .command('restore')
    .description('Restore a file or folder from the trash to where it was')
    .argument('<tenant>', 'tenant code')
    .argument('<id>', 'the id `trash list` shows')
    .requiredOption(...AS_OPTION)
    .action((tenant, id, options) =>
      withContext(io, async (ctx) => {
        const scope = await ctx.actingAs(tenant, options.as);
        const restored = await restoreTrashItem(ctx.db, scope, id);
        ctx.print(
          `Restored ${restored.kind} "${restored.name}"${restored.renamed ? ' (renamed: its old name was taken)' : ''}.`,
        );
      }),
    );

  return trash;
}

/** `portico file move`: one file by id. */
export function fileCommand(io: CliIo) {
  const file = new Command('file').description("Act on one of a site's files by its id");

  file
    .command('move')
    .description('Move a file to another folder of its site')
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .requiredOption('--folder <folder>', 'the folder, by id or path; / for the top level')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      withContext(io, async (ctx) => {
        const scope = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const folderId = await folderIdOf(ctx, tenant, options.as, siteId, options.folder);
        const moved = await updateFile(
          ctx.db,
          scope,
          fileId,
          { folderId },
          {
            refusedExtensions: ctx.config.uploadRefusedExtensions,
            notifyBatchSeconds: ctx.config.notifyBatchSeconds,
          },
        );
        ctx.print(`Moved "${moved.fileName}" to ${folderId ? options.folder : 'the top level'}.`);
      }),
    );

  return file;
}
