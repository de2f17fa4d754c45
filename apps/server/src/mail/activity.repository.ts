import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** The rows of the activity feed (migration 0028): one per event and person, in the person's firm. */

export interface ActivityRow {
  id: string;
  template: string;
  data: unknown;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** Records one event for one person in the caller's transaction; the same event again changes nothing. */
export async function recordActivity(
  tx: Queryable,
  item: { tenantCode: string; userId: string; template: string; data: unknown; eventKey: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO activity_items (tenant_code, user_id, template, data, event_key)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (tenant_code, user_id, event_key) DO NOTHING`,
    [item.tenantCode, item.userId, item.template, JSON.stringify(item.data), item.eventKey],
  );
}

/** One page of the caller's items in this firm, newest first. */
export async function listActivityRows(
  tx: Queryable,
  caller: Caller,
  page: { limit: number; offset: number },
): Promise<ActivityRow[]> {
  const { rows } = await tx.query<ActivityRow>(
    `SELECT id::text AS id, template, data, created_at, read_at FROM activity_items
     WHERE tenant_code = $1 AND user_id = $2
     ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [caller.tenantCode, caller.user.id, page.limit, page.offset],
  );
  return rows;
}

/** How many items the caller has in this firm, and how many of them are unread. */
export async function countActivity(tx: Queryable, caller: Caller) {
  const { rows } = await tx.query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
     FROM activity_items WHERE tenant_code = $1 AND user_id = $2`,
    [caller.tenantCode, caller.user.id],
  );
  return rows[0] ?? { total: 0, unread: 0 };
}

/** How many of the caller's items in this firm are unread (the header's count: the partial index answers it). */
export async function countUnreadActivity(tx: Queryable, caller: Caller): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM activity_items WHERE tenant_code = $1 AND user_id = $2 AND read_at IS NULL',
    [caller.tenantCode, caller.user.id],
  );
  return rows[0]?.n ?? 0;
}

/** Marks the caller's items read: those ids (others' ids change nothing), or all of them. */
export async function markActivityRead(
  tx: Queryable,
  caller: Caller,
  ids: readonly string[] | 'all',
): Promise<void> {
  await tx.query(
    `UPDATE activity_items SET read_at = now()
     WHERE tenant_code = $1 AND user_id = $2 AND read_at IS NULL
       ${ids === 'all' ? '' : 'AND id = ANY($3::bigint[])'}`,
    ids === 'all' ? [caller.tenantCode, caller.user.id] : [caller.tenantCode, caller.user.id, ids],
  );
}

/** What the feed's words need of the firm: its name and colour, as its mails show them. */
export async function firmForActivity(tx: Queryable, tenantCode: string) {
  const { rows } = await tx.query<{ display_name: string; primary_color: string }>(
    'SELECT display_name, primary_color FROM tenants WHERE code = $1',
    [tenantCode],
  );
  return rows[0];
}
