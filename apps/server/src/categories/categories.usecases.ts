import {
  type BulkResult,
  type Category,
  type CategoryList,
  FILE_WORKFLOW_AUDIT_ACTIONS,
} from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { type FileTarget, requireFileAccess, requireFilesAccess } from '../site-files/file-access.ts';
import { authorize } from '../sites/access.ts';
import {
  categoryNameTaken,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  renameCategory,
  setFilesCategory,
} from './categories.repository.ts';

/**
 * Categories (issue 27 item 4, decision 58): the tenant's document types, which staff edit (`categories.manage`),
 * and the one category of a file, which staff set on any file and a member client where the file's site has
 * `internalFilesRecategorize` (`files.recategorize`). Every change is an audit event; a file's change is a line
 * of its history.
 */

export const categoryNotFound = () =>
  new AppError('categories.not_found', 'There is no such category (it may have been removed).');

const nameTaken = (name: string) =>
  new AppError('name.taken', `There is already a category called “${name}”.`);

/** The tenant's categories: every signed-in caller of the tenant reads them (the filters and pickers). */
export async function getCategories(db: Database, caller: Caller): Promise<CategoryList> {
  return db.readTenant(caller.tenantCode, async (tx) => ({
    records: await listCategories(tx, caller.tenantCode),
  }));
}

const listEvent = (caller: Caller, action: string, detail: Record<string, unknown>): AuditRecord => ({
  tenantCode: caller.tenantCode,
  siteId: null,
  userId: caller.user.id,
  action,
  detail,
});

/** A new category (staff); a name the tenant has already, ignoring case, is 409 `name.taken`. */
export async function createCategory(db: Database, caller: Caller, name: string): Promise<Category> {
  authorize(caller, 'categories.manage');
  const wanted = name.trim();
  if (!wanted) throw new AppError('request.invalid', 'A category needs a name.');
  return db.withTenant(caller.tenantCode, async (tx) => {
    const created = await insertCategory(tx, caller.tenantCode, wanted);
    if (!created) throw nameTaken(wanted);
    await recordAuditEvents(tx, [
      listEvent(caller, FILE_WORKFLOW_AUDIT_ACTIONS.categoryCreate, { categoryId: created.id, name: wanted }),
    ]);
    return created;
  });
}

/** Renames a category (staff); its files keep it. */
export async function updateCategory(
  db: Database,
  caller: Caller,
  id: string,
  name: string,
): Promise<Category> {
  authorize(caller, 'categories.manage');
  const wanted = name.trim();
  if (!wanted) throw new AppError('request.invalid', 'A category needs a name.');
  return db.withTenant(caller.tenantCode, async (tx) => {
    if (await categoryNameTaken(tx, caller.tenantCode, wanted, id)) throw nameTaken(wanted);
    const old = await renameCategory(tx, caller.tenantCode, id, wanted).catch(asNameTaken(wanted));
    if (old === undefined) throw categoryNotFound();
    await recordAuditEvents(tx, [
      listEvent(caller, FILE_WORKFLOW_AUDIT_ACTIONS.categoryUpdate, {
        categoryId: id,
        name: wanted,
        from: old,
      }),
    ]);
    return { id, name: wanted };
  });
}

/** Removes a category (staff); the files that had it have none afterwards. */
export async function removeCategory(db: Database, caller: Caller, id: string): Promise<void> {
  authorize(caller, 'categories.manage');
  await db.withTenant(caller.tenantCode, async (tx) => {
    const removed = await deleteCategory(tx, caller.tenantCode, id);
    if (!removed) throw categoryNotFound();
    await recordAuditEvents(tx, [
      listEvent(caller, FILE_WORKFLOW_AUDIT_ACTIONS.categoryDelete, {
        categoryId: id,
        name: removed.name,
        files: removed.files,
      }),
    ]);
  });
}

/** A rename racing another to the same name: the unique index answers, as `name.taken`. */
const asNameTaken = (name: string) => (error: unknown) => {
  if ((error as { code?: unknown } | null)?.code === '23505') throw nameTaken(name);
  throw error;
};

/** The category a file is to get: one of the caller's tenant (else 404 `categories.not_found`), or null. */
async function categoryToSet(tx: Queryable, caller: Caller, categoryId: string | null) {
  if (categoryId === null) return null;
  const category = await findCategory(tx, caller.tenantCode, categoryId);
  if (!category) throw categoryNotFound();
  return category;
}

async function categorize(
  tx: Queryable,
  caller: Caller,
  files: readonly FileTarget[],
  category: Category | null,
): Promise<void> {
  const before = await setFilesCategory(
    tx,
    caller.tenantCode,
    files.map((f) => f.id),
    category?.id ?? null,
  );
  await recordAuditEvents(
    tx,
    files.map((f) => ({
      tenantCode: caller.tenantCode,
      siteId: f.siteId,
      userId: caller.user.id,
      action: FILE_WORKFLOW_AUDIT_ACTIONS.categorize,
      fileId: f.id,
      detail: {
        categoryId: category?.id ?? null,
        name: category?.name ?? null,
        from: before.get(f.id) ?? null,
        ...(files.length > 1 ? { bulk: true } : {}),
      },
    })),
  );
}

/** Sets (or with null clears) one file's category: `PUT files/{id}/category`. */
export async function setFileCategory(
  db: Database,
  caller: Caller,
  fileId: string,
  categoryId: string | null,
): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.recategorize', fileId, { lock: true });
    const category = await categoryToSet(tx, caller, categoryId);
    await categorize(tx, caller, [file], category);
  });
}

/**
 * Sets (or clears) the category of several files at once, all or none: every file must be one the caller may
 * recategorize (404 before any 403, as `requireFilesAccess`), and the category one of the tenant.
 */
export async function bulkSetCategory(
  db: Database,
  caller: Caller,
  fileIds: readonly string[],
  categoryId: string | null,
): Promise<BulkResult> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files = await requireFilesAccess(tx, caller, 'files.recategorize', fileIds, { lock: true });
    const category = await categoryToSet(tx, caller, categoryId);
    await categorize(tx, caller, files, category);
    return { count: files.length };
  });
}
