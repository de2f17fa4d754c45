import type { Queryable } from '../db/database.ts';
import type { MailDataOf } from '../mail/mail-templates.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { siteMemberIds } from '../sites/members.repository.ts';

type RequestMail = 'request-reminder' | 'request-item-rejected' | 'request-completed';

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
): Promise<void> {
  for (const userId of await siteMemberIds(tx, target.tenantCode, target.siteId)) {
    await enqueueMail(tx, {
      tenantCode: target.tenantCode,
      template,
      data,
      to: { userId },
      dedupeKey: `${event}:${userId}`,
    });
  }
}
