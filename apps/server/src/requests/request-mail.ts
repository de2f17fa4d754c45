import type { DocumentRequest } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';
import type { MailDataOf } from '../mail/mail-templates.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { siteMemberIds } from '../sites/members.repository.ts';

type RequestMail = 'request-items-asked' | 'request-reminder' | 'request-item-rejected' | 'request-completed';

/**
 * Writes one mail per client member of the site to the outbox, in the caller's transaction (the change's, or the
 * reminder job's owner transaction), so the mail exists exactly when its cause committed. `event` names the cause;
 * with the recipient it is the outbox's dedupe key, so one cause never mails a person twice.
 */
export async function mailSiteClients<K extends RequestMail>(
  tx: Queryable,
  target: { tenantCode: string; siteId: string },
  template: K,
  data: MailDataOf<K>,
  event: string,
  batch?: { key: string; windowSeconds: number },
): Promise<void> {
  for (const userId of await siteMemberIds(tx, target.tenantCode, target.siteId)) {
    await enqueueMail(tx, {
      tenantCode: target.tenantCode,
      template,
      data,
      to: { userId },
      dedupeKey: `${event}:${userId}`,
      ...(batch ? { batch } : {}),
    });
  }
}

/**
 * Tells the site's clients what is asked of them: the items (all of a new request, or those added to an open one)
 * and the due date. Batched per request for NOTIFY_BATCH_SECONDS, like the files' mails: items asked within the
 * window make one mail.
 */
export async function mailItemsAsked(
  tx: Queryable,
  tenantCode: string,
  request: DocumentRequest,
  items: DocumentRequest['items'],
  batchSeconds: number,
): Promise<void> {
  if (!items.length) return;
  await mailSiteClients(
    tx,
    { tenantCode, siteId: request.siteId },
    'request-items-asked',
    {
      siteId: request.siteId,
      siteName: request.siteName,
      requestId: request.id,
      title: request.title,
      dueDate: request.dueDate,
      note: request.note,
      items: items.map((item) => ({ itemId: item.id, name: item.name, required: item.required })),
    },
    `request.items_asked:${items[0]!.id}`,
    { key: `request:${request.id}`, windowSeconds: batchSeconds },
  );
}
