import {
  type BulkResult,
  type BulkTagBody,
  type CreateTagBody,
  FILE_WORKFLOW_AUDIT_ACTIONS,
  type Tag,
  type TagList,
  type UpdateTagBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { requireFileAccess, requireFilesAccess } from '../site-files/file-access.ts';
import { authorize, requireAccess } from '../sites/access.ts';
import {
  applyTagChange,
  deleteTag,
  fileTagIds,
  findTag,
  findTags,
  insertTag,
  listTags,
  tagNameTaken,
  updateTag,
} from './tags.repository.ts';

/**
 * Tags (issue 27 item 3 and the tag/untag of item 10; decision 57): tenant-wide names with a colour. Any signed-in
 * caller of the tenant reads the list; staff create, rename, recolour and delete; a client creates one for a site
 * whose `fileAreaManageTags` is on, and tags the files of such a site. Every change is an audit event.
 */

const tagsNotFound = () =>
  new AppError('tags.not_found', 'A tag named is not one of this firm’s tags, or it was deleted.');

const nameTaken = (name: string) =>
  new AppError('name.taken', `A tag named "${name}" exists already (names ignore case).`);

const lower = (ids: readonly string[] | undefined) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))];

/** `ids` must all be tags of the caller's tenant, else 404 `tags.not_found` (which one is not said). */
async function requireTags(tx: Queryable, caller: Caller, ids: readonly string[]): Promise<Tag[]> {
  const tags = await findTags(tx, caller.tenantCode, ids);
  if (tags.length !== ids.length) throw tagsNotFound();
  return tags;
}

/** The tenant's tags by name; `counts` (staff only) adds each tag's live files. */
export async function getTags(db: Database, caller: Caller, counts = false): Promise<TagList> {
  if (counts) authorize(caller, 'tags.manage');
  return db.withTenant(caller.tenantCode, async (tx) => ({
    records: await listTags(tx, caller.tenantCode, counts),
  }));
}

/**
 * A new tag. Staff may; a client names `siteId`, a site they are an active member of with `fileAreaManageTags`
 * on (else 404 `sites.not_found` / 403 `settings.forbidden`); without it, 400 `request.invalid`. A name the tenant
 * has (ignoring case) is 409 `name.taken`.
 */
export async function createTag(db: Database, caller: Caller, body: CreateTagBody): Promise<Tag> {
  if (!caller.user.isStaff && !body.siteId) {
    throw new AppError('request.invalid', 'Name the site (siteId) whose settings let you create tags.');
  }
  return db.withTenant(caller.tenantCode, async (tx) => {
    if (body.siteId) await requireAccess(tx, caller, 'files.tag', { siteId: body.siteId.toLowerCase() });
    const name = body.name.trim();
    if (!name) throw new AppError('request.invalid', 'A tag needs a name.');
    const tag = await insertTag(tx, {
      tenantCode: caller.tenantCode,
      name,
      color: body.color,
      createdBy: caller.user.id,
    });
    if (!tag) throw nameTaken(name);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: body.siteId?.toLowerCase() ?? null,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.tagCreate,
        detail: { tagId: tag.id, name: tag.name, color: tag.color },
      },
    ]);
    return tag;
  });
}

/** Renames and/or recolours a tag: staff only (`tags.manage`). */
export async function changeTag(db: Database, caller: Caller, id: string, body: UpdateTagBody): Promise<Tag> {
  authorize(caller, 'tags.manage');
  return db.withTenant(caller.tenantCode, async (tx) => {
    const before = await findTag(tx, caller.tenantCode, id);
    if (!before) throw tagsNotFound();
    const name = body.name?.trim();
    if (body.name !== undefined && !name) throw new AppError('request.invalid', 'A tag needs a name.');
    if (name && (await tagNameTaken(tx, caller.tenantCode, name, id))) throw nameTaken(name);
    const after = (await updateTag(tx, caller.tenantCode, id, { name, color: body.color }))!;
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.tagUpdate,
        detail: {
          tagId: id,
          from: { name: before.name, color: before.color },
          to: { name: after.name, color: after.color },
        },
      },
    ]);
    return after;
  });
}

/**
 * Deletes a tag and takes it off every file, each file's history saying so: staff only. Answers how many live files
 * carried it.
 */
export async function removeTag(db: Database, caller: Caller, id: string): Promise<{ fileCount: number }> {
  authorize(caller, 'tags.manage');
  return db.withTenant(caller.tenantCode, async (tx) => {
    const gone = await deleteTag(tx, caller.tenantCode, id, caller.user.id);
    if (!gone) throw tagsNotFound();
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.tagDelete,
        detail: { tagId: id, name: gone.name, fileCount: gone.fileCount },
      },
    ]);
    return { fileCount: gone.fileCount };
  });
}

/** Replaces one file's tags with `tagIds` (`files.tag` on the file's site). */
export async function setFileTags(
  db: Database,
  caller: Caller,
  fileId: string,
  tagIds: readonly string[],
): Promise<void> {
  const wanted = lower(tagIds);
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.tag', fileId, { lock: true });
    await requireTags(tx, caller, wanted);
    const current = await fileTagIds(tx, caller.tenantCode, file.id);
    await applyTagChange(tx, {
      tenantCode: caller.tenantCode,
      userId: caller.user.id,
      fileIds: [file.id],
      add: wanted.filter((id) => !current.includes(id)),
      remove: current.filter((id) => !wanted.includes(id)),
      bulk: false,
    });
  });
}

/**
 * Tags and/or untags many files in one transaction, all or nothing: every file must be one the caller may tag
 * (`requireFilesAccess`: 404 before any 403) and every tag the tenant's (404 `tags.not_found`), else nothing
 * changes. A tag both added and removed is 400 `request.invalid`.
 */
export async function bulkTagFiles(db: Database, caller: Caller, body: BulkTagBody): Promise<BulkResult> {
  const add = lower(body.add);
  const remove = lower(body.remove);
  if (!add.length && !remove.length) {
    throw new AppError('request.invalid', 'Name tags to add or to remove.');
  }
  if (add.some((id) => remove.includes(id))) {
    throw new AppError('request.invalid', 'A tag cannot be added and removed at once.');
  }
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files = await requireFilesAccess(tx, caller, 'files.tag', body.fileIds);
    await requireTags(tx, caller, [...add, ...remove]);
    const count = await applyTagChange(tx, {
      tenantCode: caller.tenantCode,
      userId: caller.user.id,
      fileIds: files.map((f) => f.id),
      add,
      remove,
      bulk: true,
    });
    return { count };
  });
}
