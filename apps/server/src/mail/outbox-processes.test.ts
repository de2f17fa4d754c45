import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SavedSubmittedFiles, SiteList, StaffMailList, UploadResponse } from '@portico/contracts';
import { afterEach, describe, expect, test } from 'vitest';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { type ServerProcess, serverProcessEnv, spawnServerProcess } from '../testing/server-process.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { createThrowawayDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { freePort } from '../testing/test-server.ts';
import { enqueueMail } from './outbox.repository.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder and database for server processes to share, removed after the test. */
async function deployment() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-mail-'));
  const database = await createThrowawayDatabase(dataDir);
  cleanups.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { dataDir, databaseUrl: database.url };
}

function start(env: Record<string, string>) {
  // The demo's people sign in and get the mails (a server seeds only where it is asked to).
  const server = spawnServerProcess({ SEED_DEMO: 'true', ...env });
  cleanups.push(() => server.kill());
  return server;
}

/** bob saves one file to his site through the API, which writes a mail to the firm's staff. */
async function bobSubmitsAFile(url: string) {
  const { accessToken } = await signIn(url, 'bob', DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${accessToken}` };
  const sites = (await (await fetch(`${url}/t/acme/portal/api/sites`, { headers })).json()) as SiteList;
  const siteId = sites.records[0]!.id;
  const form = new FormData();
  form.append('siteId', siteId);
  form.append('file', new File(['%PDF-1.4 crash test'], 'Crash test.pdf', { type: 'application/pdf' }));
  const uploaded = (await (
    await fetch(`${url}/t/acme/file-storage/api/files`, { method: 'POST', body: form, headers })
  ).json()) as UploadResponse;
  const saved = await fetch(`${url}/t/acme/portal/api/files`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      siteId,
      files: [{ referenceNumber: uploaded.files[0]!.referenceNumber, title: 'Crash test' }],
    }),
  });
  expect(saved.status).toBe(201);
  return ((await saved.json()) as SavedSubmittedFiles).records[0]!;
}

describe('the outbox across processes', { timeout: 240_000 }, () => {
  test('a server killed (kill -9) while sending a committed mail sends it once after its restart', async () => {
    const smtp = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const { dataDir, databaseUrl } = await deployment();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...serverProcessEnv({ port, dataDir, databaseUrl }),
      SMTP_URL: smtp.url,
      NOTIFY_BATCH_SECONDS: '0',
      MAIL_LEASE_SECONDS: '5',
    };
    const first = start(env);
    await first.running();
    expect(first.stdout()).toMatch(/Mail\s+SMTP smtp:\/\/127\.0\.0\.1:\d+/);

    // The save commits its mail; the worker claims it and is in the middle of the SMTP conversation when the
    // process dies: the server never answered the message, so it was not delivered.
    const held = smtp.holdNext();
    await bobSubmitsAFile(url);
    await held;
    await first.kill();
    expect(smtp.mails).toHaveLength(0);

    const second = start(env);
    await second.running();
    const [mail] = await smtp.waitForMails(1, 60_000);
    expect(mail!.to).toEqual(['carol@acme.example']);
    expect(mail!.parsed.text).toContain('Crash test');
    // Once: nothing else arrives after two more polls of the worker.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(smtp.mails).toHaveLength(1);

    const { accessToken } = await signIn(url, 'carol', DEMO_PASSWORD);
    const outbox = (await (
      await fetch(`${url}/t/acme/user/api/staff/mail`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json()) as StaffMailList;
    expect(outbox.records).toEqual([
      expect.objectContaining({
        state: 'sent',
        attempts: 2,
        recipient: 'carol@acme.example',
        kind: 'files_submitted',
      }),
    ]);
  });

  test.skipIf(testDatabaseKind() !== 'postgres')(
    'two server processes on one PostgreSQL database send each mail once, between them',
    async () => {
      // A slow SMTP server, so that the batch takes longer than one poll and both workers take part.
      const smtp = await startTestSmtpServer({ acceptDelayMs: 100 });
      cleanups.push(() => smtp.close());
      const { dataDir, databaseUrl } = await deployment();
      const common = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: smtp.url, DATABASE_URL: databaseUrl! };
      const processes: ServerProcess[] = [];
      for (const name of ['a', 'b']) {
        const port = await freePort();
        const server = start({
          ...common,
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: path.join(dataDir, name),
          // The envelope sender tells which process sent a mail.
          MAIL_FROM: `${name}@example.com`,
        });
        await server.running();
        processes.push(server);
      }

      const db = await openDatabase(parseConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
      cleanups.push(() => db.close());
      const { rows } = await db.query<{ user_id: string; site_id: string }>(
        "SELECT m.user_id, m.site_id FROM site_members m JOIN sites s ON s.id = m.site_id WHERE s.reference = 'ACME-1001'",
      );
      const bob = rows[0]!;
      const count = 60;
      await db.transaction(async (tx) => {
        for (let i = 0; i < count; i++) {
          await enqueueMail(tx, {
            tenantCode: 'acme',
            template: 'submission-status',
            data: {
              siteId: bob.site_id,
              siteName: 'Bakery',
              fileId: bob.site_id,
              title: `File ${i}`,
              status: 'accepted',
              note: null,
            },
            to: { userId: bob.user_id },
            dedupeKey: `test.replicas:${i}`,
          });
        }
      });

      await smtp.waitForMails(count, 120_000);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(smtp.mails).toHaveLength(count);
      const ids = new Set(smtp.mails.map((m) => m.parsed.messageId));
      expect(ids.size).toBe(count);
      const titles = new Set(smtp.mails.map((m) => m.parsed.subject));
      expect(titles.size).toBe(count);
      // The outbox is a periodic job (db/periodic-jobs.ts): each period one of the two sends what is due, so
      // which of them sent a given mail is the period's; no mail came from outside the two, none twice.
      const senders = new Set(smtp.mails.map((m) => m.from));
      expect([...senders].every((from) => ['a@example.com', 'b@example.com'].includes(from))).toBe(true);
      const states = await db.query<{ state: string; attempts: number; n: number }>(
        'SELECT state, attempts, count(*)::int AS n FROM mail_outbox GROUP BY state, attempts',
      );
      expect(states.rows).toEqual([{ state: 'sent', attempts: 1, n: count }]);
    },
  );
});
