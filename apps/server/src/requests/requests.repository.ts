import { randomUUID } from 'node:crypto';
import type {
  DocumentRequest,
  RequestItem,
  RequestItemInput,
  RequestItemStatus,
  RequestStatus,
  SiteRequestView,
  StaffRequestList,
  StaffRequestSummary,
} from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../db/sql-fragments.ts';
import { AppError } from '../http/app-error.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { findVisibleSite, visibleSiteGuard } from '../sites/sites.repository.ts';
import { progressOf } from './request-states.ts';

/** Document requests, their items and the files sent against them: SQL only, always filtered by the tenant. */

interface RequestRow {
  id: string;
  site_id: string;
  site_name: string;
  title: string;
  note: string | null;
  due_date: string;
  status: RequestStatus;
  items_total: number;
  items_received: number;
  items_accepted: number;
  items_open: number;
  created_at: Date | string;
  completed_at: Date | string | null;
}

interface ItemRow {
  id: string;
  request_id: string;
  name: string;
  description: string | null;
  required: boolean;
  multiple: boolean;
  status: RequestItemStatus;
  staff_note: string | null;
  client_comment: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// `to_char` so both engines answer the day as text, never as a Date shifted by the process's time zone.
const REQUEST_COLUMNS = `r.id, r.site_id, s.name AS site_name, r.title, r.note,
  to_char(r.due_date, 'YYYY-MM-DD') AS due_date, r.status, r.items_total, r.items_received, r.items_accepted,
  r.items_open, r.created_at, r.completed_at`;
const ITEM_COLUMNS =
  'id, request_id, name, description, required, multiple, status, staff_note, client_comment';
const REQUEST_FROM = 'document_requests r JOIN sites s ON s.tenant_code = r.tenant_code AND s.id = r.site_id';

const toSummary = (row: RequestRow): StaffRequestSummary => ({
  id: row.id,
  siteId: row.site_id,
  siteName: row.site_name,
  title: row.title,
  note: row.note,
  dueDate: row.due_date,
  status: row.status,
  itemsTotal: row.items_total,
  itemsReceived: row.items_received,
  itemsAccepted: row.items_accepted,
  itemsOpen: row.items_open,
  createdAt: iso(row.created_at),
  completedAt: row.completed_at === null ? null : iso(row.completed_at),
});

/** A request's row, by id within the tenant (any site); `lock` holds it for the rest of the transaction. */
export async function findRequestRow(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<StaffRequestSummary> {
  const { rows } = await tx.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.tenant_code = $1 AND r.id = $2
     ${options.lock ? 'FOR UPDATE OF r' : ''}`,
    [caller.tenantCode, requestId],
  );
  if (!rows[0]) throw requestNotFound();
  return toSummary(rows[0]);
}

export const requestNotFound = () =>
  new AppError('requests.not_found', 'There is no such request, or it is not shared with you.');

/**
 * A request's items, each with the files sent against it, as one JSON value computed beside the request's row
 * (`r`, `$1` the tenant): a list with its checklists is one statement.
 */
const ITEMS_JSON = `(SELECT coalesce(json_agg(json_build_object(
    'id', i.id, 'name', i.name, 'description', i.description, 'required', i.required, 'multiple', i.multiple,
    'status', i.status, 'staffNote', i.staff_note, 'clientComment', i.client_comment,
    'files', (SELECT coalesce(json_agg(json_build_object('id', f.id, 'title', f.title, 'fileName', f.file_name,
                'size', f.size, 'createdAt', f.created_at) ORDER BY f.created_at, f.id), '[]')
              FROM files f WHERE f.tenant_code = $1 AND f.request_item_id = i.id AND f.deleted_at IS NULL
                AND NOT ${heldFileSql('f')})
  ) ORDER BY i.position), '[]')
  FROM document_request_items i WHERE i.tenant_code = $1 AND i.request_id = r.id)`;

type ItemsJson = (Omit<RequestItem, 'files'> & {
  files: (RequestItem['files'][number] & { size: number | string })[];
})[];

/** The JSON of `ITEMS_JSON` as the contract has it: instants in ISO 8601 UTC, sizes as numbers. */
const toItems = (items: ItemsJson | string): RequestItem[] =>
  (typeof items === 'string' ? (JSON.parse(items) as ItemsJson) : items).map((item) => ({
    ...item,
    files: item.files.map((f) => ({ ...f, size: Number(f.size), createdAt: iso(f.createdAt) })),
  }));

/** The requests with their items and the files sent against each, in the order of `summaries`. */
export async function withItems(tx: Queryable, caller: Caller, summaries: StaffRequestSummary[]) {
  if (!summaries.length) return [];
  const { rows } = await tx.query<{ id: string; items: ItemsJson | string }>(
    `SELECT r.id, ${ITEMS_JSON} AS items FROM document_requests r
     WHERE r.tenant_code = $1 AND r.id = ANY($2::uuid[])`,
    [caller.tenantCode, summaries.map((s) => s.id)],
  );
  const itemsOf = new Map(rows.map((r) => [r.id, toItems(r.items)]));
  return summaries.map((s): DocumentRequest => ({ ...s, items: itemsOf.get(s.id) ?? [] }));
}

/** One item of a request, locked for the caller's change. */
export async function lockItem(tx: Queryable, caller: Caller, requestId: string, itemId: string) {
  const { rows } = await tx.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS}
     FROM document_request_items WHERE tenant_code = $1 AND request_id = $2 AND id = $3 FOR UPDATE`,
    [caller.tenantCode, requestId, itemId],
  );
  if (!rows[0]) throw new AppError('requests.item_not_found', 'This request has no such item.');
  return rows[0];
}

export async function updateItem(
  tx: Queryable,
  caller: Caller,
  itemId: string,
  change: { status: RequestItemStatus; staffNote: string | null; clientComment: string | null },
) {
  await tx.query(
    `UPDATE document_request_items SET status = $3, staff_note = $4, client_comment = $5, updated_by = $6,
       updated_at = now()
     WHERE tenant_code = $1 AND id = $2`,
    [caller.tenantCode, itemId, change.status, change.staffNote, change.clientComment, caller.user.id],
  );
}

/** Writes the request's progress counters from its items, and its status; answers the items as they are. */
export async function refreshProgress(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  status?: RequestStatus,
) {
  const { rows: items } = await tx.query<{ status: RequestItemStatus; required: boolean }>(
    'SELECT status, required FROM document_request_items WHERE tenant_code = $1 AND request_id = $2',
    [caller.tenantCode, requestId],
  );
  const p = progressOf(items);
  await tx.query(
    `UPDATE document_requests SET items_total = $3, items_received = $4, items_accepted = $5, items_open = $6,
       status = COALESCE($7, status),
       completed_at = CASE WHEN $7 = 'completed' THEN now() ELSE completed_at END
     WHERE tenant_code = $1 AND id = $2`,
    [
      caller.tenantCode,
      requestId,
      p.itemsTotal,
      p.itemsReceived,
      p.itemsAccepted,
      p.itemsOpen,
      status ?? null,
    ],
  );
  return items;
}

export interface NewRequest {
  siteId: string;
  title: string;
  note: string | null;
  dueDate: string;
  templateId: string | null;
  items: readonly RequestItemInput[];
}

/** Inserts requests with their items, two statements whatever their number; answers the ids in order. */
/** Refuses a template id that is not one of this firm's templates (another firm's included). */
export async function assertTemplateOfTenant(tx: Queryable, caller: Caller, templateId: string) {
  const { rows } = await tx.query(
    'SELECT 1 FROM document_request_templates WHERE tenant_code = $1 AND id = $2',
    [caller.tenantCode, templateId],
  );
  if (!rows[0]) throw new AppError('requests.template_not_found', 'There is no such template.');
}

export async function insertRequests(tx: Queryable, caller: Caller, requests: readonly NewRequest[]) {
  const ids = requests.map(() => randomUUID());
  await tx.query(
    `INSERT INTO document_requests (id, tenant_code, site_id, title, note, due_date, template_id, items_total,
                                    items_open, created_by)
     SELECT id, $1, site_id, title, note, due_date, template_id, n, n, $2
     FROM jsonb_to_recordset($3::jsonb)
       AS r(id uuid, site_id uuid, title text, note text, due_date date, template_id uuid, n int)`,
    [
      caller.tenantCode,
      caller.user.id,
      JSON.stringify(
        requests.map((r, n) => ({
          id: ids[n],
          site_id: r.siteId,
          title: r.title,
          note: r.note,
          due_date: r.dueDate,
          template_id: r.templateId,
          n: r.items.length,
        })),
      ),
    ],
  );
  await tx.query(
    `INSERT INTO document_request_items (tenant_code, request_id, position, name, description, required, multiple)
     SELECT $1, request_id, position, name, description, required, multiple
     FROM jsonb_to_recordset($2::jsonb)
       AS i(request_id uuid, position int, name text, description text, required boolean, multiple boolean)`,
    [
      caller.tenantCode,
      JSON.stringify(
        requests.flatMap((r, n) =>
          r.items.map((item, position) => ({
            request_id: ids[n],
            position,
            name: item.name.trim(),
            description: item.description?.trim() || null,
            required: item.required,
            multiple: item.multiple,
          })),
        ),
      ),
    ],
  );
  return ids;
}

/** Summaries of the given requests, in the order of `ids`. */
export async function findSummaries(tx: Queryable, caller: Caller, ids: readonly string[]) {
  const { rows } = await tx.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.tenant_code = $1 AND r.id = ANY($2::uuid[])`,
    [caller.tenantCode, ids],
  );
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * A site's open requests with their checklists, earliest due first, if the caller may see the site
 * (`visibleSiteGuard`): one statement. No row may mean a site without requests or one the caller may not see;
 * `findVisibleSite` then tells (404 `sites.not_found`).
 */
/** A site's open requests, earliest due first; or (`closed`) its completed and withdrawn ones, latest first. */
export async function listSiteRequests(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  view: SiteRequestView = 'open',
) {
  const guard = visibleSiteGuard(caller, 3);
  const which = view === 'open' ? `r.status = 'open'` : `r.status IN ('completed', 'cancelled')`;
  const order = view === 'open' ? 'r.due_date, r.id' : 'coalesce(r.completed_at, r.created_at) DESC, r.id';
  const { rows } = await tx.query<RequestRow & { items: ItemsJson | string }>(
    `SELECT ${REQUEST_COLUMNS}, ${ITEMS_JSON} AS items FROM ${REQUEST_FROM}
     WHERE r.tenant_code = $1 AND r.site_id = $2 AND ${which} AND ${guard.sql}
     ORDER BY ${order} LIMIT 200`,
    [caller.tenantCode, siteId, ...guard.params],
  );
  if (!rows.length) await findVisibleSite(tx, caller, siteId);
  return rows.map((row): DocumentRequest => ({ ...toSummary(row), items: toItems(row.items) }));
}

/** The portal badge: items of a site's open requests waiting for the client; one statement, visibility included. */
export async function countOpenItems(tx: Queryable, caller: Caller, siteId: string): Promise<number> {
  const guard = visibleSiteGuard(caller, 3);
  const { rows } = await tx.query<{ visible: boolean; n: number | string | null }>(
    `SELECT ${guard.sql} AS visible,
            (SELECT sum(items_open) FROM document_requests
             WHERE tenant_code = $1 AND site_id = $2 AND status = 'open') AS n`,
    [caller.tenantCode, siteId, ...guard.params],
  );
  if (!rows[0]?.visible) await findVisibleSite(tx, caller, siteId);
  return Number(rows[0]?.n ?? 0);
}

export interface StaffRequestFilter {
  siteId?: string | undefined;
  status: RequestStatus;
  dueAfter?: string | undefined;
  dueBefore?: string | undefined;
  search?: string | undefined;
}

/**
 * The staff's list across the firm, earliest due first (so overdue ones lead), with the same filter for the page
 * and the total. Both read the (tenant, [site,] status, due date, id) indexes.
 */
export async function listStaffRequests(
  tx: Queryable,
  caller: Caller,
  filter: StaffRequestFilter,
  page: { limit: number; offset: number },
): Promise<StaffRequestList> {
  const params: unknown[] = [caller.tenantCode, filter.status];
  const where = ['r.tenant_code = $1', 'r.status = $2'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.siteId) add((n) => `r.site_id = ${n}`, filter.siteId);
  if (filter.dueAfter) add((n) => `r.due_date >= ${n}::date`, filter.dueAfter);
  if (filter.dueBefore) add((n) => `r.due_date <= ${n}::date`, filter.dueBefore);
  if (filter.search) add((n) => `(r.title ILIKE ${n} OR s.name ILIKE ${n})`, containsPattern(filter.search));
  const whereSql = where.join(' AND ');
  // Unfiltered but for status and site, the total is the counters' (migration 0013); else a count. It rides
  // along with the page (one statement); only a page past the end asks for it on its own.
  const counted = !filter.search && !filter.dueAfter && !filter.dueBefore;
  const totalSql = counted
    ? `SELECT coalesce(sum(n), 0) FROM document_request_counts r WHERE ${whereSql}`
    : `SELECT count(*) FROM ${REQUEST_FROM} WHERE ${whereSql}`;
  const { rows } = await tx.query<RequestRow & { total: number | string }>(
    `SELECT ${REQUEST_COLUMNS}, (${totalSql}) AS total FROM ${REQUEST_FROM} WHERE ${whereSql}
     ORDER BY r.due_date, r.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  const total = rows.length
    ? [{ n: rows[0]!.total }]
    : (await tx.query<{ n: number | string }>(`SELECT (${totalSql}) AS n`, params)).rows;
  return { records: rows.map(toSummary), totalRecordCount: Number(total[0]?.n ?? 0) };
}
