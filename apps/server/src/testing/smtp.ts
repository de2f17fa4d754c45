import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One mail the test SMTP server accepted: the envelope, the raw message and mailparser's reading of it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
  /** A header's value as sent (unfolded), by name: `list-unsubscribe`, `message-id`… */
  header(name: string): string | undefined;
}

export interface TestSmtpOptions {
  /** Require this login (AUTH PLAIN/LOGIN); default: none asked. */
  auth?: { user: string; pass: string };
  /** Offer STARTTLS (smtp-server's own self-signed certificate); default off. */
  starttls?: boolean;
  /** Answer every DATA with this SMTP error instead of accepting (e.g. a 451 while "down"). */
  rejectWith?: { code: number; message: string };
  /** Wait this long before accepting each mail (a slow server). */
  acceptDelayMs?: number;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port` for SMTP_URL (with `tls.rejectUnauthorized=false` when STARTTLS is on). */
  url: string;
  port: number;
  /** Every accepted mail, in order. */
  mails: ReceivedMail[];
  /** Resolves when at least `count` mails were accepted; rejects after `timeoutMs`. */
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Changes how DATA is answered from now on (`undefined`: accept again). */
  rejectWith(error: TestSmtpOptions['rejectWith']): void;
  /**
   * Never answers the next mail's DATA (the sender waits, as for a server that hangs); resolves once that mail
   * arrived and is being held. A held mail is not accepted: it is not in `mails`.
   */
  holdNext(): Promise<void>;
  /** Logins seen (user names), to prove credentials were used. */
  logins: string[];
  /** Whether each accepted mail's session had been upgraded with STARTTLS. */
  secured: boolean[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (`smtp-server`) in the test process on a free port of 127.0.0.1; what it accepts is read
 * back with `mailparser`. Point the server at it with `SMTP_URL: smtp.url`.
 *
 *   const smtp = await startTestSmtpServer();
 *   … cause a mail, run the worker (`deliverDueMail`) or wait for the server's own …
 *   const [mail] = await smtp.waitForMails(1);
 *   expect(mail.parsed.subject).toContain('published');
 */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const logins: string[] = [];
  const secured: boolean[] = [];
  let rejectWith = options.rejectWith;
  let hold: (() => void) | undefined;
  const waiters = new Set<() => void>();
  const serverOptions: SMTPServerOptions = {
    logger: false,
    secure: false,
    // A held conversation must not keep close() waiting long.
    closeTimeout: 1000,
    allowInsecureAuth: true,
    authOptional: !options.auth,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        logins.push(auth.username);
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (hold) {
          hold();
          hold = undefined;
          return; // no answer, ever
        }
        if (options.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, options.acceptDelayMs));
        if (rejectWith) {
          const error = Object.assign(new Error(rejectWith.message), { responseCode: rejectWith.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            mails.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
              header: (name) => {
                const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
                return line
                  ?.slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim();
              },
            });
            secured.push(Boolean(session.secure));
            callback();
            for (const wake of waiters) wake();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}${options.starttls ? '/?tls.rejectUnauthorized=false' : ''}`,
    port,
    mails,
    logins,
    secured,
    rejectWith(error) {
      rejectWith = error;
    },
    holdNext: () =>
      new Promise<void>((resolve) => {
        hold = resolve;
      }),
    waitForMails(count, timeoutMs = 20_000) {
      if (mails.length >= count) return Promise.resolve(mails);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`expected ${count} mails within ${timeoutMs} ms, got ${mails.length}`));
        }, timeoutMs);
        const wake = () => {
          if (mails.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mails);
        };
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
