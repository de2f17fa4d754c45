import { isNotificationKind } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';
import { recordActivity } from './activity.repository.ts';
import { MAIL_TEMPLATES, type MailDataOf, type MailTemplateKey } from './mail-templates.ts';

/** Who receives a mail: a person the firm knows (their address as the firm has it), or a bare address. */
export type MailRecipient =
  | { userId: string }
  | { email: string; name?: string | null; userId?: string | null };

export interface EnqueueMailInput<K extends MailTemplateKey> {
  tenantCode: string;
  template: K;
  data: MailDataOf<K>;
  to: MailRecipient;
  /**
   * Names the event, unique per tenant (`file.published:<fileId>:<userId>`): enqueueing the same key again does
   * nothing, so one event never makes two mails, whoever repeats it. (A batched event is recognised by its batch's
   * `event_keys`; two transactions enqueueing the same batched key at the very same moment, while its batch row is
   * being sent, would fail the second on the unique key: events are made once by their own transaction, so only a
   * caller repeating itself concurrently could meet that.)
   */
  dedupeKey: string;
  /**
   * Batching: events with the same template, recipient and `key` (a site id) fold into one mail while it is
   * pending. The first is sent `windowSeconds` after it was written; later ones append their `data.items` to
   * its items (other data fields take the latest value). Only for templates whose data has an `items` array.
   */
  batch?: { key: string; windowSeconds: number };
  /** Not sent before this moment (a reminder); default now, or the batch window. */
  notBefore?: Date;
}

export type EnqueueOutcome = 'queued' | 'folded' | 'duplicate' | 'opted_out' | 'no_address';

/** The address and name the firm has for a person (tenant_people), else the person's own. */
async function addressOf(tx: Queryable, tenantCode: string, to: MailRecipient) {
  if ('email' in to) return { userId: to.userId ?? null, email: to.email, name: to.name ?? null };
  const { rows } = await tx.query<{ email: string | null; name: string | null }>(
    `SELECT coalesce(p.email, u.email) AS email, coalesce(p.name, u.name) AS name
     FROM users u LEFT JOIN tenant_people p ON p.tenant_code = $1 AND p.user_id = u.id
     WHERE u.id = $2`,
    [tenantCode, to.userId],
  );
  const row = rows[0];
  return row?.email ? { userId: to.userId, email: row.email, name: row.name } : undefined;
}

/** Whether the person turned this kind off in this tenant. */
export async function hasOptedOut(tx: Queryable, tenantCode: string, userId: string, kind: string) {
  const { rows } = await tx.query(
    'SELECT 1 FROM mail_opt_outs WHERE tenant_code = $1 AND user_id = $2 AND kind = $3',
    [tenantCode, userId, kind],
  );
  return rows.length > 0;
}

/**
 * Whether a subscription (decision 59) still exists for the person, read by the worker at send time (owner
 * connection): a mail written before an unsubscribe is not sent after it.
 */
export async function subscriptionExists(db: Queryable, tenantCode: string, id: string, userId: string) {
  const { rows } = await db.query(
    'SELECT 1 FROM file_subscriptions WHERE tenant_code = $1 AND id = $2 AND user_id = $3',
    [tenantCode, id, userId],
  );
  return rows.length > 0;
}

/**
 * Writes a mail to the outbox in the caller's transaction (a `withTenant` one, or the owner's), so it exists
 * exactly when the event that causes it committed; the worker sends it afterwards. A person who turned the
 * template's kind off gets nothing.
 */
export async function enqueueMail<K extends MailTemplateKey>(
  tx: Queryable,
  input: EnqueueMailInput<K>,
): Promise<EnqueueOutcome> {
  const template: { kind: string; activity?: boolean } = MAIL_TEMPLATES[input.template];
  const kind = template.kind;
  const recipient = await addressOf(tx, input.tenantCode, input.to);
  if (!recipient) return 'no_address';
  // The person's activity feed keeps the event whether or not they take this kind of mail (decision 53).
  if (template.activity && recipient.userId) {
    await recordActivity(tx, {
      tenantCode: input.tenantCode,
      userId: recipient.userId,
      template: input.template,
      data: input.data,
      eventKey: input.dedupeKey,
    });
  }
  if (
    recipient.userId &&
    isNotificationKind(kind) &&
    (await hasOptedOut(tx, input.tenantCode, recipient.userId, kind))
  )
    return 'opted_out';
  const batchKey = input.batch
    ? `${input.template}|${input.batch.key}|${recipient.email.toLowerCase()}`
    : null;
  if (batchKey) {
    const seen = await tx.query(
      'SELECT 1 FROM mail_outbox WHERE tenant_code = $1 AND batch_key = $2 AND $3 = ANY(event_keys)',
      [input.tenantCode, batchKey, input.dedupeKey],
    );
    if (seen.rows.length) return 'duplicate';
  }
  const delaySeconds = input.notBefore
    ? Math.max(0, (input.notBefore.getTime() - Date.now()) / 1000)
    : (input.batch?.windowSeconds ?? 0);
  const values = `($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, ARRAY[$8]::text[], now() + make_interval(secs => $10))`;
  const params = [
    input.tenantCode,
    kind,
    input.template,
    recipient.userId,
    recipient.email,
    recipient.name,
    JSON.stringify(input.data),
    input.dedupeKey,
    batchKey,
    delaySeconds,
  ];
  const columns = `(tenant_code, kind, template, recipient_user_id, recipient_email, recipient_name, data,
    dedupe_key, batch_key, event_keys, next_attempt_at)`;
  if (!batchKey) {
    const { rows } = await tx.query(
      `INSERT INTO mail_outbox ${columns} VALUES ${values}
       ON CONFLICT (tenant_code, dedupe_key) DO NOTHING RETURNING id`,
      params,
    );
    return rows.length ? 'queued' : 'duplicate';
  }
  // A pending row of the batch takes the event; a row already being sent does not (it is no longer in the
  // partial index), so the event starts the next batch instead of being lost.
  const { rows } = await tx.query<{ folded: boolean }>(
    `INSERT INTO mail_outbox ${columns} VALUES ${values}
     ON CONFLICT (tenant_code, batch_key) WHERE state = 'pending' AND batch_key IS NOT NULL
     DO UPDATE SET
       data = mail_outbox.data || EXCLUDED.data || jsonb_build_object('items',
         coalesce(mail_outbox.data -> 'items', '[]'::jsonb) || coalesce(EXCLUDED.data -> 'items', '[]'::jsonb)),
       event_keys = mail_outbox.event_keys || EXCLUDED.event_keys,
       recipient_name = EXCLUDED.recipient_name,
       updated_at = now()
     WHERE NOT mail_outbox.event_keys @> EXCLUDED.event_keys
     RETURNING (xmax::text <> '0') AS folded`,
    params,
  );
  if (!rows.length) return 'duplicate';
  return rows[0]!.folded ? 'folded' : 'queued';
}
