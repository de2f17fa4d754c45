import type { Assignee } from '@portico/contracts';

/**
 * What a file is classified by (issue 27, decision 54), read for the rows of a page: its tags, category, project,
 * assignee and, for a published file, its status and the client who published it. Written once for every list
 * of files (Published and Submitted Files, the staff's submissions, "Assigned to me", the rows a save answers).
 *
 * `CLASSIFICATION_COLUMNS` are the file's own columns (over `files f`, part of BASE_COLUMNS); `classificationSql`
 * looks up the names for the rows of a page, over the page's alias, after its LIMIT: one index probe per row.
 */
export const CLASSIFICATION_COLUMNS =
  'f.tenant_code, f.category_id, f.project_id, f.assignee_id, ' +
  "to_char(f.assignment_due, 'YYYY-MM-DD') AS assignment_due, f.published_by";

/** The names of a page's classification, over `alias` (which has CLASSIFICATION_COLUMNS and `id`). */
export const classificationSql = (alias: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
                             ORDER BY lower(t.name), t.id), '[]'::json)
    FROM file_tags ft JOIN tags t ON t.tenant_code = ft.tenant_code AND t.id = ft.tag_id
    WHERE ft.tenant_code = ${alias}.tenant_code AND ft.file_id = ${alias}.id) AS tags,
  (SELECT json_build_object('id', c.id, 'name', c.name) FROM categories c
    WHERE ${alias}.category_id IS NOT NULL AND c.tenant_code = ${alias}.tenant_code AND c.id = ${alias}.category_id)
    AS category,
  (SELECT json_build_object('id', pr.id, 'name', pr.name) FROM projects pr
    WHERE ${alias}.project_id IS NOT NULL AND pr.tenant_code = ${alias}.tenant_code AND pr.id = ${alias}.project_id)
    AS project,
  (SELECT ap.name FROM tenant_people ap
    WHERE ${alias}.assignee_id IS NOT NULL AND ap.tenant_code = ${alias}.tenant_code AND ap.user_id = ${alias}.assignee_id)
    AS assignee_name,
  (SELECT pp.name FROM tenant_people pp
    WHERE ${alias}.published_by IS NOT NULL AND pp.tenant_code = ${alias}.tenant_code AND pp.user_id = ${alias}.published_by)
    AS published_by_name`;

/** A published file's status as the firm names it (`file_status_name`), over `alias`; `tenant` is its tenant's SQL. */
export const fileStatusNameSql = (alias: string, tenant: string) =>
  `(SELECT fs.name FROM file_statuses fs
    WHERE ${alias}.file_status IS NOT NULL AND fs.tenant_code = ${tenant} AND fs.key = ${alias}.file_status)
    AS file_status_name`;

interface NamedRef {
  id: string;
  name: string;
}

/** The columns CLASSIFICATION_COLUMNS and classificationSql give a row; absent on a row read without them. */
export interface ClassificationRow {
  category_id?: string | null;
  project_id?: string | null;
  assignee_id?: string | null;
  assignment_due?: Date | string | null;
  published_by?: string | null;
  tags?: { id: string; name: string; color: string }[] | string | null;
  category?: NamedRef | string | null;
  project?: NamedRef | string | null;
  assignee_name?: string | null;
  published_by_name?: string | null;
}

/** Both engines hand json over parsed; a string is one a driver left as text. */
const json = <T>(value: T | string | null | undefined): T | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A `date` column as `YYYY-MM-DD`, whatever the driver made of it (a Date at UTC midnight, or the text). */
export const dayOf = (value: Date | string) =>
  value instanceof Date
    ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
    : value.slice(0, 10);

/** The classification of every file record. */
export function classificationRecord(row: ClassificationRow) {
  const assignee: Assignee | null = row.assignee_id
    ? {
        userId: row.assignee_id,
        name: row.assignee_name ?? 'Someone',
        dueDate: row.assignment_due ? dayOf(row.assignment_due) : null,
      }
    : null;
  return {
    tags: json<{ id: string; name: string; color: string }[]>(row.tags) ?? [],
    category: json<NamedRef>(row.category),
    project: json<NamedRef>(row.project),
    assignee,
  };
}

/** What a published file's record adds: its status (and note), and the client who published it. */
export function publishedClassificationRecord(
  row: ClassificationRow & {
    file_status?: string | null;
    file_status_name?: string | null;
    status_note?: string | null;
  },
) {
  return {
    status: row.file_status ?? null,
    statusName: row.file_status ? (row.file_status_name ?? row.file_status) : null,
    statusNote: row.file_status ? (row.status_note ?? null) : null,
    publishedBy: row.published_by
      ? { name: row.published_by_name ?? 'A client', userId: row.published_by }
      : null,
  };
}
