import type { Category } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/** The tenant's categories (document types, decision 54) and a file's category: the only SQL over them. */

/** The tenant's categories, in their order, then by name. */
export async function listCategories(tx: Queryable, tenantCode: string): Promise<Category[]> {
  const { rows } = await tx.query<Category>(
    `SELECT id, name FROM categories WHERE tenant_code = $1 ORDER BY sort_order, lower(name), id`,
    [tenantCode],
  );
  return rows;
}

/** One category of the tenant, or undefined. */
export async function findCategory(
  tx: Queryable,
  tenantCode: string,
  id: string,
): Promise<Category | undefined> {
  const { rows } = await tx.query<Category>(
    'SELECT id, name FROM categories WHERE tenant_code = $1 AND id = $2::uuid',
    [tenantCode, id],
  );
  return rows[0];
}

/** Whether another category of the tenant has this name, ignoring case. */
export async function categoryNameTaken(
  tx: Queryable,
  tenantCode: string,
  name: string,
  except: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM categories
     WHERE tenant_code = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [tenantCode, name, except],
  );
  return rows.length > 0;
}

/** A new category at the end of the list; undefined if the name was taken meanwhile. */
export async function insertCategory(
  tx: Queryable,
  tenantCode: string,
  name: string,
): Promise<Category | undefined> {
  const { rows } = await tx.query<Category>(
    `INSERT INTO categories (tenant_code, name, sort_order)
     SELECT $1, $2, coalesce(max(sort_order), 0) + 1 FROM categories WHERE tenant_code = $1
     ON CONFLICT (tenant_code, lower(name)) DO NOTHING
     RETURNING id, name`,
    [tenantCode, name],
  );
  return rows[0];
}

/** Renames a category; answers its old name, or undefined when there is no such category. */
export async function renameCategory(
  tx: Queryable,
  tenantCode: string,
  id: string,
  name: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ old: string }>(
    `UPDATE categories c SET name = $3 FROM categories o
     WHERE c.tenant_code = $1 AND c.id = $2::uuid AND o.id = c.id
     RETURNING o.name AS old`,
    [tenantCode, id, name],
  );
  return rows[0]?.old;
}

/**
 * Removes a category (its files lose it: the foreign key's `ON DELETE SET NULL (category_id)`); answers its name
 * and how many live files had it, or undefined when there is no such category.
 */
export async function deleteCategory(
  tx: Queryable,
  tenantCode: string,
  id: string,
): Promise<{ name: string; files: number } | undefined> {
  const { rows: counted } = await tx.query<{ files: number }>(
    `SELECT count(*)::int AS files FROM files WHERE tenant_code = $1 AND category_id = $2::uuid`,
    [tenantCode, id],
  );
  const { rows } = await tx.query<{ name: string }>(
    'DELETE FROM categories WHERE tenant_code = $1 AND id = $2::uuid RETURNING name',
    [tenantCode, id],
  );
  return rows[0] && { name: rows[0].name, files: counted[0]?.files ?? 0 };
}

/**
 * Sets the category of these files (one statement, however many); answers each file's category before, by id.
 * The files must be the tenant's and already checked (and locked) by the caller.
 */
export async function setFilesCategory(
  tx: Queryable,
  tenantCode: string,
  fileIds: readonly string[],
  categoryId: string | null,
): Promise<Map<string, string | null>> {
  const { rows } = await tx.query<{ id: string; before: string | null }>(
    `UPDATE files f SET category_id = $3::uuid FROM files o
     WHERE f.tenant_code = $1 AND f.id = ANY($2::uuid[]) AND o.id = f.id
     RETURNING f.id, o.category_id AS before`,
    [tenantCode, fileIds, categoryId],
  );
  return new Map(rows.map((r) => [r.id, r.before]));
}
