import { Command } from '@commander-js/extra-typings';
import type { Folder } from '@portico/contracts';
import { assignFilesTo } from '../assignments/assignments.usecases.ts';
import type { Caller } from '../auth/caller.ts';
import { getCategories, setFileCategory } from '../categories/categories.usecases.ts';
import { updateFile } from '../file-actions/file-actions.usecases.ts';
import { getStatuses, setFileStatus } from '../file-statuses/file-statuses.usecases.ts';
import { createFolder, listSiteFolders } from '../folders/folders.usecases.ts';
import { getProjects, setFileProject } from '../projects/projects.usecases.ts';
import { findUserIdByEmail } from '../sites/sites.staff.repository.ts';
import { bulkTagFiles, getTags } from '../tags/tags.usecases.ts';
import { withExistingTenant } from '../tenants/tenants.usecases.ts';
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

/** Runs `fn` as the staff member `--as` names: the caller every use case below takes. */
const asStaff = (
  io: CliIo,
  tenant: string,
  options: { as: string },
  fn: (ctx: CliContext, caller: Caller) => Promise<void>,
) => withContext(io, async (ctx) => fn(ctx, await ctx.actingAs(tenant, options.as)));

/** `asStaff` on the site `--site` names (by reference or id). */
const asStaffOnSite = (
  io: CliIo,
  tenant: string,
  options: { as: string; site: string },
  fn: (ctx: CliContext, caller: Caller, siteId: string) => Promise<void>,
) =>
  asStaff(io, tenant, options, async (ctx, caller) =>
    fn(ctx, caller, await siteIdOf(ctx, tenant, options.site)),
  );

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
  const caller = await ctx.actingAs(tenant, email);
  const { records } = await listSiteFolders(ctx.db, caller, siteId);
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
      asStaffOnSite(io, tenant, options, async (ctx, caller, siteId) => {
        const { records } = await listSiteFolders(ctx.db, caller, siteId);
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
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const parentId = options.parent
          ? await folderIdOf(ctx, tenant, options.as, siteId, options.parent)
          : null;
        const created = await createFolder(ctx.db, caller, { siteId, name, parentId });
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
      asStaffOnSite(io, tenant, options, async (ctx, caller, siteId) => {
        const { records } = await listSiteTrash(ctx.db, caller, { siteId, limit: 1000 });
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
      asStaff(io, tenant, options, async (ctx, caller) => {
        const restored = await restoreTrashItem(ctx.db, caller, id);
        ctx.print(
          `Restored ${restored.kind} "${restored.name}"${restored.renamed ? ' (renamed: its old name was taken)' : ''}.`,
        );
      }),
    );

  return trash;
}

/** The one of `records` whose id, key or name (any case) is `ref`, or a CliError listing what there is. */
function pick<T extends { name: string; id?: string; key?: string }>(
  records: readonly T[],
  ref: string,
  what: string,
): T {
  const wanted = ref.trim().toLowerCase();
  const found = records.find(
    (r) => r.id?.toLowerCase() === wanted || r.key === wanted || r.name.toLowerCase() === wanted,
  );
  if (found) return found;
  const known = records.map((r) => r.name).join(', ') || 'none';
  throw new CliError(`no ${what} "${ref}" (the firm has: ${known})`);
}

/** A `YYYY-MM-DD` day, or a CliError. */
function dayOption(value: string, name: string): string {
  if (!/^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new CliError(`${name} must be a day written YYYY-MM-DD`);
  return value;
}

/** `portico file move|tag|categorize|project|assign|status`: one file by id (issues 26 and 27). */
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
      asStaffOnSite(io, tenant, options, async (ctx, caller, siteId) => {
        const folderId = await folderIdOf(ctx, tenant, options.as, siteId, options.folder);
        const moved = await updateFile(
          ctx.db,
          caller,
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

  file
    .command('tag')
    .description("Add and remove a file's tags, by name (the firm's tags: `--add` must name one that exists)")
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .option('--add <tags...>', 'tags to add')
    .option('--remove <tags...>', 'tags to remove')
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      withContext(io, async (ctx) => {
        if (!options.add?.length && !options.remove?.length) throw new CliError('give --add or --remove');
        const caller = await ctx.actingAs(tenant, options.as);
        const { records } = await getTags(ctx.db, caller);
        const add = (options.add ?? []).map((t) => pick(records, t, 'tag').id);
        const remove = (options.remove ?? []).map((t) => pick(records, t, 'tag').id);
        const { count } = await bulkTagFiles(ctx.db, caller, { fileIds: [fileId], add, remove });
        ctx.print(count ? 'Tags changed.' : 'The file had those tags already.');
      }),
    );

  file
    .command('categorize')
    .description("Set a file's category (document type) by name; --none clears it")
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .option('--category <category>', 'the category, by name or id')
    .option('--none', 'no category')
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      withContext(io, async (ctx) => {
        if (!options.category === !options.none) throw new CliError('give --category or --none');
        const caller = await ctx.actingAs(tenant, options.as);
        const category = options.category
          ? pick((await getCategories(ctx.db, caller)).records, options.category, 'category')
          : null;
        await setFileCategory(ctx.db, caller, fileId, category?.id ?? null);
        ctx.print(category ? `Category set to "${category.name}".` : 'Category cleared.');
      }),
    );

  file
    .command('project')
    .description("Put a file in one of its site's open projects, by name; --none takes it out")
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .requiredOption(...SITE_OPTION)
    .option('--project <project>', 'the project, by name or id')
    .option('--none', 'no project')
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      withContext(io, async (ctx) => {
        if (!options.project === !options.none) throw new CliError('give --project or --none');
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const project = options.project
          ? pick((await getProjects(ctx.db, caller, siteId)).records, options.project, 'project')
          : null;
        await setFileProject(ctx.db, caller, fileId, project?.id ?? null);
        ctx.print(project ? `Project set to "${project.name}".` : 'Project cleared.');
      }),
    );

  file
    .command('assign')
    .description('Assign a file to a person (staff of the firm or a member of its site), who is mailed')
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .requiredOption('--to <email>', "the person's e-mail address")
    .option('--note <note>', 'a note for them')
    .option('--due <day>', 'the day it is due, YYYY-MM-DD')
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      asStaff(io, tenant, options, async (ctx, caller) => {
        const userId = await withExistingTenant(ctx.db, tenant, (tx) =>
          findUserIdByEmail(tx, options.to.trim()),
        );
        if (!userId) throw new CliError(`nobody here has the address ${options.to}`);
        await assignFilesTo(ctx.db, caller, {
          fileIds: [fileId],
          userId,
          ...(options.note ? { note: plainText(options.note, '--note', 2000) } : {}),
          ...(options.due ? { dueDate: dayOption(options.due, '--due') } : {}),
        });
        ctx.print(`Assigned to ${options.to}.`);
      }),
    );

  file
    .command('status')
    .description("Set a published file's status (one of the firm's, by name or key), with an optional note")
    .argument('<tenant>', 'tenant code')
    .argument('<file id>', "the file's id")
    .requiredOption('--status <status>', 'the status, by name or key')
    .option('--note <note>', 'a note kept with it')
    .requiredOption(...AS_OPTION)
    .action((tenant, fileId, options) =>
      asStaff(io, tenant, options, async (ctx, caller) => {
        const status = pick((await getStatuses(ctx.db, caller)).records, options.status, 'status');
        await setFileStatus(
          ctx.db,
          caller,
          fileId,
          { status: status.key, ...(options.note ? { note: plainText(options.note, '--note', 2000) } : {}) },
          { batchSeconds: ctx.config.notifyBatchSeconds },
        );
        ctx.print(`Status set to "${status.name}".`);
      }),
    );

  return file;
}
