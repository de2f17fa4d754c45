import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StaffMailList } from '@portico/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { createMailTransport } from './mail-transport.ts';
import { deliverDueMail, type MailWorkerOptions } from './mail-worker.ts';
import { enqueueMail } from './outbox.repository.ts';

const smtp = await startTestSmtpServer({ auth: { user: 'portico', pass: 's3cret' } });
afterAll(() => smtp.close());

// The server's own worker sends to the test SMTP server, as it would to a real one.
const api = useTestApi({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@acme.example', NOTIFY_BATCH_SECONDS: '1' },
});

const workerOptions = (overrides: Partial<MailWorkerOptions> = {}): MailWorkerOptions => ({
  db: api.db,
  transport: createMailTransport({ smtpUrl: smtp.url, outboxDir: '', timeoutMs: 5000 }),
  publicUrl: api.url,
  mailFrom: 'portal@acme.example',
  maxAttempts: 3,
  leaseSeconds: 60,
  ...overrides,
});

const outboxRows = (dedupePrefix: string) =>
  api.db
    .query<{ state: string; attempts: number; event_keys: string[]; data: { items?: unknown[] } }>(
      'SELECT state, attempts, event_keys, data FROM mail_outbox WHERE dedupe_key LIKE $1 ORDER BY created_at',
      [`${dedupePrefix}%`],
    )
    .then((r) => r.rows);

describe('the mail outbox', () => {
  it('sends a mail written in a committed transaction, branded, with the login of SMTP_URL', async () => {
    const bob = await api.userId('bob');
    const site = api.siteId('ACME-1001');
    const outcome = await api.db.withTenant('acme', (tx) =>
      enqueueMail(tx, {
        tenantCode: 'acme',
        template: 'submission-status',
        data: {
          siteId: site,
          siteName: "Bob's Bakery Ltd",
          fileId: site,
          title: 'VAT <return>',
          status: 'rejected',
          note: 'Please sign page 2 & resend',
        },
        to: { userId: bob },
        dedupeKey: 'test.core:1',
      }),
    );
    expect(outcome).toBe('queued');
    const mails = await smtp.waitForMails(1);
    const mail = mails.find((m) => m.parsed.subject?.includes('VAT <return>'))!;
    expect(mail.to).toEqual(['bob@example.com']);
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Acme Accounting', address: 'portal@acme.example' });
    expect(mail.parsed.html).toContain('VAT &lt;return&gt;');
    expect(mail.parsed.html).not.toContain('VAT <return>');
    expect(mail.parsed.text).toContain('Please sign page 2 & resend');
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(String(mail.header('list-unsubscribe'))).toContain(`${api.url}/mail/unsubscribe?tenant=acme`);
    expect(mail.parsed.messageId).toMatch(/\.submission-status\.[0-9a-f-]{36}@acme\.example>$/);
    expect(mail.parsed.attachments.map((a) => a.cid)).toEqual(['logo@portico']);
    expect(smtp.logins).toContain('portico');
    await vi.waitFor(async () =>
      expect(await outboxRows('test.core:1')).toMatchObject([{ state: 'sent', attempts: 1 }]),
    );
  });

  it('writes nothing when the transaction rolls back, and one row for an event enqueued twice', async () => {
    const bob = await api.userId('bob');
    const input = {
      tenantCode: 'acme',
      template: 'submission-status' as const,
      data: {
        siteId: api.siteId('ACME-1001'),
        siteName: 'x',
        fileId: api.siteId('ACME-1001'),
        title: 't',
        status: 'accepted' as const,
        note: null,
      },
      to: { userId: bob },
      dedupeKey: 'test.twice:1',
    };
    await expect(
      api.db.withTenant('acme', async (tx) => {
        await enqueueMail(tx, { ...input, dedupeKey: 'test.rolledback:1' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await outboxRows('test.rolledback:')).toEqual([]);
    expect(await api.db.withTenant('acme', (tx) => enqueueMail(tx, input))).toBe('queued');
    expect(await api.db.withTenant('acme', (tx) => enqueueMail(tx, input))).toBe('duplicate');
    expect(await outboxRows('test.twice:')).toHaveLength(1);
  });

  it('folds events of one batch into the pending mail, and an event seen before into nothing', async () => {
    const alice = await api.userId('alice');
    const site = api.siteId('ACME-1002');
    const publish = (n: number) =>
      api.db.withTenant('acme', (tx) =>
        enqueueMail(tx, {
          tenantCode: 'acme',
          template: 'files-published',
          data: {
            siteId: site,
            siteName: 'Alice site',
            items: [{ fileId: `f${n}`, title: `Batch file ${n}` }],
          },
          to: { userId: alice },
          dedupeKey: `test.batch:${n}`,
          batch: { key: site, windowSeconds: 3600 },
        }),
      );
    expect([await publish(1), await publish(2), await publish(2), await publish(3)]).toEqual([
      'queued',
      'folded',
      'duplicate',
      'folded',
    ]);
    const rows = await outboxRows('test.batch:');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event_keys).toEqual(['test.batch:1', 'test.batch:2', 'test.batch:3']);
    expect(rows[0]!.data.items).toHaveLength(3);
  });

  it('retries with back-off while the SMTP server refuses, then marks the mail failed', async () => {
    const bob = await api.userId('bob');
    await api.db.withTenant('acme', (tx) =>
      enqueueMail(tx, {
        tenantCode: 'acme',
        template: 'submission-status',
        data: {
          siteId: api.siteId('ACME-1001'),
          siteName: 'x',
          fileId: api.siteId('ACME-1001'),
          title: 'Down',
          status: 'accepted',
          note: null,
        },
        to: { userId: bob },
        // Not due for an hour, so only this test's worker, with its own policy, handles it.
        dedupeKey: 'test.down:1',
        notBefore: new Date(Date.now() + 3_600_000),
      }),
    );
    const due = () =>
      api.db.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE dedupe_key = 'test.down:1'");
    const down = workerOptions({
      transport: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: '', timeoutMs: 2000 }),
      retryDelaySeconds: () => 3600,
    });
    await due();
    await deliverDueMail(down);
    const [first] = await api.db
      .query<{ state: string; attempts: number; last_error: string; wait: number }>(
        "SELECT state, attempts, last_error, extract(epoch FROM next_attempt_at - now())::int AS wait FROM mail_outbox WHERE dedupe_key = 'test.down:1'",
      )
      .then((r) => r.rows);
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first!.last_error).toMatch(/ECONNREFUSED/);
    expect(first!.wait).toBeGreaterThan(3000);
    for (let i = 0; i < 2; i++) {
      await due();
      await deliverDueMail(down);
    }
    expect(await outboxRows('test.down:')).toMatchObject([{ state: 'failed', attempts: 3 }]);
    // The firm's staff see it on the Mail page, with the reason.
    const page = await api.as('carol').get<StaffMailList>('/t/acme/user/api/staff/mail', { state: 'failed' });
    expect(page.body.records).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: 3,
        recipient: 'bob@example.com',
        kind: 'submission_status',
      }),
    ]);
    expect(page.body.records[0]!.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe('SMTP_URL', () => {
  it('upgrades smtp:// with STARTTLS when the server offers it, and requireTLS refuses a server that does not', async () => {
    const tls = await startTestSmtpServer({ starttls: true, auth: { user: 'u', pass: 'p' } });
    const plain = await startTestSmtpServer();
    try {
      const mail = {
        messageId: '<tls.test@localhost>',
        from: 'a@localhost',
        to: 'b@localhost',
        subject: 'TLS',
        text: 'Hi',
      };
      const upgraded = createMailTransport({ smtpUrl: tls.url, outboxDir: '', timeoutMs: 5000 });
      await upgraded.send(mail);
      upgraded.close();
      expect(tls.secured).toEqual([true]);
      expect(tls.logins).toEqual(['u']);
      const insisting = createMailTransport({
        smtpUrl: `${plain.url}/?requireTLS=true`,
        outboxDir: '',
        timeoutMs: 5000,
      });
      await expect(insisting.send(mail)).rejects.toThrow(/STARTTLS/);
      insisting.close();
      expect(plain.mails).toEqual([]);
      expect(upgraded.description).toBe(`SMTP smtp://u:***@127.0.0.1:${tls.port}`);
    } finally {
      await tls.close();
      await plain.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file, atomically, one file per mail however often it is sent', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-outbox-'));
    try {
      const transport = createMailTransport({ outboxDir: path.join(dir, 'outbox'), timeoutMs: 1000 });
      const mail = {
        messageId: '<20261124T120000Z.files-published.abc@localhost>',
        from: 'a@localhost',
        to: 'b@localhost',
        subject: 'Hello',
        text: 'Hi',
      };
      await transport.send(mail);
      await transport.send(mail);
      const files = await readdir(path.join(dir, 'outbox'));
      expect(files).toEqual(['20261124T120000Z.files-published.abc.eml']);
      const eml = await readFile(path.join(dir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain('Subject: Hello');
      expect(transport.description).toBe(`.eml files in ${path.join(dir, 'outbox')}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
