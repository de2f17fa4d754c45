import { randomUUID } from 'node:crypto';
import { isNotificationKind, NOTIFICATION_KINDS } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import { LOGO_CID, renderMailLayout } from './mail-layout.ts';
import { mailTemplateOf } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';
import { hasOptedOut, subscriptionExists } from './outbox.repository.ts';
import {
  brandingForMail,
  type ClaimedMail,
  claimDueMail,
  type MailOutcome,
  settleMail,
} from './outbox-claims.repository.ts';
import { unfollowUrl, unsubscribeUrl } from './unsubscribe-links.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  /** PUBLIC_URL: every link in a mail starts with it. */
  publicUrl: string;
  /** MAIL_FROM: the sender address; the firm's name is the sender's name. */
  mailFrom: string;
  /** MAIL_MAX_ATTEMPTS. */
  maxAttempts: number;
  /** MAIL_LEASE_SECONDS. */
  leaseSeconds: number;
  /** Seconds before attempt `attempts + 1`; default 30 s doubling, at most an hour. */
  retryDelaySeconds?: (attempts: number) => number;
  log?: FastifyBaseLogger | undefined;
}

export const defaultRetryDelaySeconds = (attempts: number) =>
  Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/** A rejection the server will give again (a 5xx answer: no such mailbox, refused): no point retrying. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const compactTime = (at: Date | string) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * The Message-ID of an outbox row: the same for every attempt, so a mail sent again after a crash between the
 * SMTP server's "250 OK" and the `sent` mark is recognisable as the same mail (and the `.eml` transport
 * overwrites its own file).
 */
export const messageIdOf = (mail: Pick<ClaimedMail, 'id' | 'template' | 'created_at'>, mailFrom: string) =>
  `<${compactTime(mail.created_at)}.${mail.template}.${mail.id}@${mailFrom.split('@')[1]}>`;

async function attempt(mail: ClaimedMail, options: MailWorkerOptions): Promise<MailOutcome> {
  const { db } = options;
  const template = mailTemplateOf(mail.template);
  if (!template) return { state: 'failed', error: `no mail template "${mail.template}"` };
  const notification = isNotificationKind(mail.kind);
  if (
    notification &&
    mail.recipient_user_id &&
    (await hasOptedOut(db, mail.tenant_code, mail.recipient_user_id, mail.kind))
  )
    return { state: 'skipped', reason: 'the recipient turned this kind of mail off' };
  const subscriptionId = template.subscriptionOf?.(mail.data);
  if (
    subscriptionId &&
    (!mail.recipient_user_id ||
      !(await subscriptionExists(db, mail.tenant_code, subscriptionId, mail.recipient_user_id)))
  )
    return { state: 'skipped', reason: 'the recipient no longer follows this folder or site' };
  const branding = await brandingForMail(db, mail.tenant_code);
  if (!branding) return { state: 'failed', error: 'the tenant no longer exists' };
  const content = template.render(mail.data, {
    tenant: {
      code: mail.tenant_code,
      displayName: branding.displayName,
      primaryColor: branding.primaryColor,
    },
    publicUrl: options.publicUrl,
    recipient: { email: mail.recipient_email, name: mail.recipient_name },
  });
  const unsubscribe =
    subscriptionId && mail.recipient_user_id
      ? await unfollowUrl(db, options.publicUrl, {
          tenantCode: mail.tenant_code,
          userId: mail.recipient_user_id,
          subscriptionId,
        })
      : notification && mail.recipient_user_id
        ? await unsubscribeUrl(db, options.publicUrl, {
            tenantCode: mail.tenant_code,
            userId: mail.recipient_user_id,
            kind: mail.kind,
          })
        : undefined;
  const staffPage =
    notification && NOTIFICATION_KINDS[mail.kind as keyof typeof NOTIFICATION_KINDS].audience === 'staff';
  const { html, text } = renderMailLayout(content, {
    tenantName: branding.displayName,
    primaryColor: branding.primaryColor,
    withLogo: true,
    unsubscribeUrl: unsubscribe,
    preferencesUrl: `${options.publicUrl}${staffPage ? '/control-panel' : ''}/notifications?tenant=${encodeURIComponent(mail.tenant_code)}`,
  });
  try {
    await options.transport.send({
      messageId: messageIdOf(mail, options.mailFrom),
      from: { name: branding.displayName, address: options.mailFrom },
      to: mail.recipient_name
        ? { name: mail.recipient_name, address: mail.recipient_email }
        : mail.recipient_email,
      subject: content.subject,
      text,
      html,
      attachments: [
        {
          filename: 'logo.png',
          content: Buffer.from(branding.logoPng),
          cid: LOGO_CID,
          contentType: 'image/png',
        },
      ],
      headers: {
        'Auto-Submitted': 'auto-generated',
        ...(unsubscribe
          ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {}),
      },
    });
    return { state: 'sent', subject: content.subject };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isPermanent(error) || mail.attempts >= options.maxAttempts)
      return { state: 'failed', error: message };
    const delay = (options.retryDelaySeconds ?? defaultRetryDelaySeconds)(mail.attempts);
    return { state: 'pending', error: message, retryInSeconds: delay };
  }
}

/**
 * Sends what is due now, a few claims at a time, until nothing is; answers how many mails it settled. Safe in
 * any number of processes at once (claims skip each other's rows). At least once towards the SMTP server: a
 * process that dies after the server accepted a mail and before it is marked sent leaves it to be sent again
 * when its lease ends, with the same Message-ID (decision 34).
 */
export async function deliverDueMail(options: MailWorkerOptions, { maxMails = 200 } = {}): Promise<number> {
  const claimId = randomUUID();
  let settled = 0;
  while (settled < maxMails) {
    const claimed = await claimDueMail(options.db, {
      claimId,
      limit: 10,
      leaseSeconds: options.leaseSeconds,
    });
    if (!claimed.length) break;
    for (const mail of claimed) {
      let outcome: MailOutcome;
      try {
        outcome = await attempt(mail, options);
      } catch (error) {
        // Rendering or reading failed: a defect or the database; try again later rather than lose the mail.
        const message = error instanceof Error ? error.message : String(error);
        outcome =
          mail.attempts >= options.maxAttempts
            ? { state: 'failed', error: message }
            : {
                state: 'pending',
                error: message,
                retryInSeconds: (options.retryDelaySeconds ?? defaultRetryDelaySeconds)(mail.attempts),
              };
      }
      await settleMail(options.db, mail.id, claimId, outcome);
      settled++;
      if (outcome.state === 'sent')
        options.log?.debug({ mail: mail.id, template: mail.template }, 'mail sent');
      else
        options.log?.warn(
          { mail: mail.id, template: mail.template, state: outcome.state, attempts: mail.attempts },
          'mail not sent',
        );
    }
  }
  return settled;
}

/** What the mail job is given besides the database, the settings and the log: the transport. */
export interface MailJobContext extends JobContextBase {
  mailTransport: MailTransport;
}

/**
 * Polls every two seconds, once per period across all server processes (db/periodic-jobs.ts, decision 37);
 * the rows it sends are claimed with `FOR UPDATE SKIP LOCKED` and a lease all the same, so a run that outlasts its
 * period, or one started by hand, never sends a mail twice.
 */
export const mailOutboxJob: JobDefinition<MailJobContext> = {
  name: 'mail-outbox',
  intervalMs: 2000,
  failure: 'the mail worker failed; it tries again',
  async run({ db, mailTransport, config, log }) {
    await deliverDueMail({
      db,
      transport: mailTransport,
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      maxAttempts: config.mailMaxAttempts,
      leaseSeconds: config.mailLeaseSeconds,
      log,
    });
  },
};
