import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** One mail as the worker hands it over: nodemailer's message options with a fixed Message-ID. */
export type OutgoingMail = Mail.Options & { messageId: string };

export interface MailTransport {
  /** For the start banner and logs: where mail goes, without credentials. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** SMTP_URL; unset writes `.eml` files to `outboxDir`. */
  smtpUrl?: string | undefined;
  /** `DATA_DIR/outbox`. */
  outboxDir: string;
  /** Every SMTP wait (connect, greeting, socket idle) ends well within the worker's lease. */
  timeoutMs: number;
}

const redact = (url: string) => {
  const u = new URL(url);
  return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}:***@` : ''}${u.host}`;
};

/**
 * SMTP when SMTP_URL is set: `smtps://` speaks TLS from the start, `smtp://` upgrades with STARTTLS whenever the
 * server offers it (nodemailer's default; `?requireTLS=true` refuses a server that does not). Otherwise each
 * mail becomes `DATA_DIR/outbox/<time>-<id>.eml`, written to a temporary name and renamed, so a reader never sees
 * half a file and a mail sent again (after a crash) replaces its own file rather than adding one.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
    return {
      description: `SMTP ${redact(options.smtpUrl)}`,
      async send(mail) {
        await transport.sendMail(mail);
      },
      close: () => transport.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${options.outboxDir}`,
    async send(mail) {
      const info = await files.sendMail(mail);
      await mkdir(options.outboxDir, { recursive: true });
      const id = mail.messageId.replace(/^<|@.*$/g, '').replace(/[^\w.-]/g, '_');
      const target = path.join(options.outboxDir, `${id}.eml`);
      const temporary = path.join(options.outboxDir, `.${id}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, info.message as Buffer);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close: () => files.close(),
  };
}
