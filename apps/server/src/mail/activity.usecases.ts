import type { ActivityItem, ActivityList, ActivityQuery, MarkActivityReadBody } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import {
  type ActivityRow,
  countActivity,
  countUnreadActivity,
  firmForActivity,
  listActivityRows,
  markActivityRead,
} from './activity.repository.ts';
import type { MailContent, MailContext } from './mail-content.ts';
import { mailTemplateOf } from './mail-templates.ts';

/**
 * The activity feed (decision 53): each item is rendered with its mail template's own words when it is read, so
 * the feed says what the mail says. Links are made against an empty PUBLIC_URL: paths of this server.
 */

/** The first lines of a mail, as one line of the feed. */
function detailOf(content: MailContent): string | null {
  const parts = content.blocks.map((block) =>
    block.type === 'list'
      ? block.items.join(', ')
      : block.type === 'note'
        ? `${block.label}: ${block.text}`
        : block.text,
  );
  return parts.length > 0 ? parts.join(' ') : null;
}

function itemOf(row: ActivityRow, context: MailContext): ActivityItem {
  const template = mailTemplateOf(row.template);
  const base = {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
  // A template since removed: the item stays, in plain words, rather than breaking the page.
  const content = template ? safeRender(() => template.render(row.data, context)) : undefined;
  if (!content)
    return { ...base, title: 'Something happened in this firm', detail: null, link: null, linkLabel: null };
  const link = content.action?.url.startsWith('/') ? content.action.url : null;
  return {
    ...base,
    title: content.heading,
    detail: detailOf(content),
    link,
    linkLabel: link ? (content.action?.label ?? null) : null,
  };
}

function safeRender(render: () => MailContent): MailContent | undefined {
  try {
    return render();
  } catch {
    return undefined;
  }
}

export async function getActivity(db: Database, caller: Caller, query: ActivityQuery): Promise<ActivityList> {
  const page = { limit: query.limit ?? 20, offset: query.offset ?? 0 };
  return db.readTenant(caller.tenantCode, async (tx) => {
    const firm = await firmForActivity(tx, caller.tenantCode);
    const context: MailContext = {
      tenant: {
        code: caller.tenantCode,
        displayName: firm?.display_name ?? caller.tenantCode,
        primaryColor: firm?.primary_color ?? '#000000',
      },
      publicUrl: '',
      recipient: { email: '', name: null },
    };
    const rows = await listActivityRows(tx, caller, page);
    const counts = await countActivity(tx, caller);
    return {
      records: rows.map((row) => itemOf(row, context)),
      totalRecordCount: counts.total,
      unreadCount: counts.unread,
    };
  });
}

export async function getUnreadActivityCount(db: Database, caller: Caller): Promise<number> {
  return db.readTenant(caller.tenantCode, (tx) => countUnreadActivity(tx, caller));
}

export async function readActivity(
  db: Database,
  caller: Caller,
  body: MarkActivityReadBody,
): Promise<number> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    await markActivityRead(tx, caller, 'all' in body ? 'all' : body.ids);
    return countUnreadActivity(tx, caller);
  });
}
