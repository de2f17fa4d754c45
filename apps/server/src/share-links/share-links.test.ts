import type { EmailFilesResponse, ShareLinkList } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';

/**
 * E-mailing files as share links (issue 27 item 6): who may send, the mail as a real SMTP server receives it, the
 * public page signed out, its downloads, and the link stopping after expiry, revocation and its download limit.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const SENDS_PER_HOUR = 12;
const api = useTestApi({
  env: {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'portal@example.com',
    SHARE_LINK_SENDS_PER_HOUR: String(SENDS_PER_HOUR),
  },
});

let bakery: string;
let globexSite: string;
let bakeryFiles: { id: string; title: string }[];
let globexFile: string;

const settings = (patch: Record<string, boolean | null>, site = bakery) =>
  api.as('carol').patch(`/t/acme/portal/api/staff/sites/${site}/file-area-settings`, patch);

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  globexSite = api.siteId('GLX-2001');
  const { rows } = await api.db.query<{ id: string; title: string; site_id: string }>(
    `SELECT id, title, site_id FROM files WHERE direction = 'published' ORDER BY title`,
  );
  bakeryFiles = rows.filter((r) => r.site_id === bakery).map((r) => ({ id: r.id, title: r.title }));
  globexFile = rows.find((r) => r.site_id === globexSite)!.id;
  expect(bakeryFiles.length).toBeGreaterThanOrEqual(2);
  expect((await settings({ internalFilesEmail: true })).status).toBe(200);
});

const send = (client: ApiClient, body: Record<string, unknown>, tenant = 'acme') =>
  client.post<EmailFilesResponse>(`/t/${tenant}/file-management/api/files/email`, body);

const mailTo = async (address: string): Promise<ReceivedMail> => {
  await vi.waitFor(() => expect(smtp.mails.some((m) => m.to.includes(address))).toBe(true), {
    timeout: 20_000,
    interval: 100,
  });
  return smtp.mails.filter((m) => m.to.includes(address)).at(-1)!;
};
const tokenOf = (mail: ReceivedMail) => {
  const match = /\/s\/(sl_[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
};
/** Signed out: no token, a plain fetch as a browser's. */
const open = (path: string, init?: RequestInit) => fetch(`${api.url}${path}`, init);

describe('POST files/email: who may send', () => {
  it('staff, and a member client with the flag, send; a non-member and another firm get 404; nothing is sent then', async () => {
    const file = bakeryFiles[0]!.id;
    const staff = await send(api.as('carol'), { fileIds: [file], to: ['staff-sent@example.net'] });
    expect(staff.status).toBe(201);
    expect(staff.body.records).toHaveLength(1);
    expect(staff.body.records[0]).toMatchObject({ recipient: 'staff-sent@example.net', state: 'live' });
    expect(JSON.stringify(staff.body)).not.toMatch(/sl_/);

    const member = await send(api.as('bob'), { fileIds: [file], to: ['member-sent@example.net'] });
    expect(member.status).toBe(201);

    const nonMember = await send(api.as('alice'), { fileIds: [file], to: ['nope@example.net'] });
    expect([nonMember.status, errorCode(nonMember.body)]).toEqual([404, 'files.not_found']);
    const otherFirm = await send(api.as('dave'), { fileIds: [file], to: ['nope@example.net'] }, 'globex');
    expect([otherFirm.status, errorCode(otherFirm.body)]).toEqual([404, 'files.not_found']);
    const wrongTenant = await send(api.as('dave'), { fileIds: [file], to: ['nope@example.net'] });
    expect([wrongTenant.status, errorCode(wrongTenant.body)]).toEqual([403, 'auth.tenant_forbidden']);
    const anonymous = await send(api.anonymous, { fileIds: [file], to: ['nope@example.net'] });
    expect(anonymous.status).toBe(401);

    // One file the caller may not send spoils the whole send.
    const mixed = await send(api.as('bob'), { fileIds: [file, globexFile], to: ['mixed@example.net'] });
    expect([mixed.status, errorCode(mixed.body)]).toEqual([404, 'files.not_found']);
    const { rows } = await api.db.query(
      `SELECT 1 FROM share_links WHERE recipient_email IN ('nope@example.net', 'mixed@example.net')`,
    );
    expect(rows).toEqual([]);
  });

  it('with the flag off (or downloads off) a client gets 403 settings.forbidden; staff still may', async () => {
    const file = bakeryFiles[0]!.id;
    await settings({ internalFilesEmail: false });
    try {
      const refused = await send(api.as('bob'), { fileIds: [file], to: ['off@example.net'] });
      expect([refused.status, errorCode(refused.body)]).toEqual([403, 'settings.forbidden']);
      expect(refused.body.error.message).toContain('internalFilesEmail');
      const staff = await send(api.as('carol'), { fileIds: [file], to: ['staff-off@example.net'] });
      expect(staff.status).toBe(201);
    } finally {
      await settings({ internalFilesEmail: true });
    }
    await settings({ internalFilesDownload: false });
    try {
      const refused = await send(api.as('bob'), { fileIds: [file], to: ['off@example.net'] });
      expect([refused.status, errorCode(refused.body)]).toEqual([403, 'settings.forbidden']);
    } finally {
      await settings({ internalFilesDownload: null });
    }
  });

  it('refuses more than 20 recipients, addresses that could carry a header, and an expiry past 30 days', async () => {
    const file = bakeryFiles[0]!.id;
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@example.net`);
    for (const body of [
      { fileIds: [file], to: many },
      { fileIds: [file], to: ['a@example.net\r\nBcc: evil@example.net'] },
      { fileIds: [file], to: ['Evil <evil@example.net>'] },
      { fileIds: [file], to: ['a@example.net, b@example.net'] },
      { fileIds: [file], to: ['a@example.net'], expiresInDays: 31 },
      { fileIds: [file], to: ['a@example.net'], maxDownloads: 0 },
      { fileIds: [], to: ['a@example.net'] },
    ]) {
      const answer = await send(api.as('carol'), body);
      expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
    }
  });
});

describe('the mail and the page', () => {
  let token: string;
  let linkId: string;

  it('a mail with a link and no file, branded as the firm; a message cannot add a header', async () => {
    const response = await send(api.as('carol'), {
      fileIds: bakeryFiles.map((f) => f.id),
      to: ['client.accountant@example.net'],
      message: 'Here are the files.\r\nBcc: evil@example.net\r\n\r\n<b>bold</b>',
      expiresInDays: 3,
    });
    expect(response.status).toBe(201);
    linkId = response.body.records[0]!.id;
    const mail = await mailTo('client.accountant@example.net');
    expect(mail.to).toEqual(['client.accountant@example.net']);
    expect(mail.parsed.subject).toBe(`Carol Chen of Acme Accounting sent you ${bakeryFiles.length} files`);
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Acme Accounting', address: 'portal@example.com' });
    expect(mail.header('bcc')).toBeUndefined();
    expect(mail.parsed.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    // Only the inline logo is attached: never a file.
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual(['logo.png']);
    for (const f of bakeryFiles) expect(mail.parsed.text).toContain(f.title);
    token = tokenOf(mail);
    expect(mail.parsed.text).toContain(`${api.url}/s/${token}`);
    // Only the token's SHA-256 is stored.
    const { rows } = await api.db.query<{ token_sha256: string }>(
      'SELECT token_sha256 FROM share_links WHERE id = $1',
      [linkId],
    );
    expect(rows[0]!.token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('opens signed out: a branded page that lists the files; each downloads with Range; every use is audited', async () => {
    const page = await open(`/s/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Acme Accounting');
    expect(html).toContain('data:image/');
    expect(html).toContain('Here are the files.');
    expect(html).not.toContain('<b>bold</b>');
    for (const f of bakeryFiles) expect(html).toContain(f.title);

    const file = bakeryFiles[0]!;
    const download = await open(`/s/${token}/files/${file.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(download.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const signedIn = await api
      .as('carol')
      .bytes(`/t/acme/file-management/api/files/published-files/${file.id}`);
    expect(signedIn.status).toBe(200);
    expect(bytes.equals(signedIn.body)).toBe(true);

    const range = await open(`/s/${token}/files/${file.id}`, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).toString()).toBe('%PDF');

    const { rows } = await api.db.query<{
      action: string;
      file_id: string | null;
      detail: Record<string, unknown>;
    }>(`SELECT action, file_id, detail FROM audit_events WHERE detail->>'shareLinkId' = $1 ORDER BY id`, [
      linkId,
    ]);
    const opened = rows.find((r) => r.action === 'share_link.open')!;
    expect(opened.detail).toMatchObject({ recipient: 'client.accountant@example.net', address: '127.0.0.1' });
    const downloads = rows.filter((r) => r.action === 'file.download');
    expect(downloads.length).toBeGreaterThanOrEqual(1);
    expect(downloads[0]).toMatchObject({
      file_id: file.id,
      detail: { via: 'share-link', recipient: 'client.accountant@example.net', address: '127.0.0.1' },
    });
    // The send is in each file's history.
    const sent = await api.db.query(
      `SELECT 1 FROM audit_events WHERE action = 'file.email' AND file_id = $1`,
      [file.id],
    );
    expect(sent.rows.length).toBeGreaterThan(0);
  });

  it('an unknown or altered token answers 404; a file not of the link 404', async () => {
    expect((await open('/s/sl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await open('/s/not-a-token')).status).toBe(404);
    expect((await open(`/s/${token}/files/${globexFile}`)).status).toBe(404);
  });

  it('stops after it expires (410, a clear page)', async () => {
    await api.db.query(
      `UPDATE share_links SET created_at = now() - interval '8 days', expires_at = now() - interval '1 second'
       WHERE id = $1`,
      [linkId],
    );
    const page = await open(`/s/${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This link has expired');
    expect((await open(`/s/${token}/files/${bakeryFiles[0]!.id}`)).status).toBe(410);
    // No longer live: out of the lists.
    const list = await api.as('carol').get<ShareLinkList>('/t/acme/file-management/api/share-links');
    expect(list.body.records.map((r) => r.id)).not.toContain(linkId);
  });
});

describe('the download limit, revocation and the lists', () => {
  it('a link with maxDownloads 1 opens for one download, then answers 410; HEAD does not count', async () => {
    const file = bakeryFiles[1]!.id;
    const sent = await send(api.as('bob'), { fileIds: [file], to: ['once@example.net'], maxDownloads: 1 });
    expect(sent.status).toBe(201);
    const token = tokenOf(await mailTo('once@example.net'));
    expect((await open(`/s/${token}/files/${file}`, { method: 'HEAD' })).status).toBe(200);
    const first = await open(`/s/${token}/files/${file}`);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const second = await open(`/s/${token}/files/${file}`);
    expect(second.status).toBe(410);
    expect(await second.text()).toContain('used up');
    expect((await open(`/s/${token}`)).status).toBe(410);
  });

  it('the sender and staff revoke; another client and another firm cannot; the page then answers 410', async () => {
    const file = bakeryFiles[0]!.id;
    const sent = await send(api.as('bob'), {
      fileIds: [file],
      to: ['revoke-me@example.net', 'revoke-me-too@example.net'],
    });
    expect(sent.status).toBe(201);
    const [first, second] = sent.body.records.map((r) => r.id) as [string, string];
    const token = tokenOf(await mailTo('revoke-me@example.net'));
    expect((await open(`/s/${token}`)).status).toBe(200);

    const bobs = await api.as('bob').get<ShareLinkList>('/t/acme/file-management/api/share-links');
    expect(bobs.body.records.map((r) => r.id)).toEqual(expect.arrayContaining([first, second]));
    expect(bobs.body.records.every((r) => r.sentBy.name === 'Bob Baker')).toBe(true);
    const carols = await api.as('carol').get<ShareLinkList>('/t/acme/file-management/api/share-links');
    expect(carols.body.records.map((r) => r.id)).toEqual(expect.arrayContaining([first, second]));
    const alices = await api.as('alice').get<ShareLinkList>('/t/acme/file-management/api/share-links');
    expect(alices.body.records.map((r) => r.id)).not.toContain(first);
    const daves = await api.as('dave').get<ShareLinkList>('/t/globex/file-management/api/share-links');
    expect(daves.body.records.map((r) => r.id)).not.toContain(first);

    const byAlice = await api.as('alice').delete(`/t/acme/file-management/api/share-links/${first}`);
    expect([byAlice.status, errorCode(byAlice.body)]).toEqual([404, 'share_links.not_found']);
    const byDave = await api.as('dave').delete(`/t/globex/file-management/api/share-links/${first}`);
    expect([byDave.status, errorCode(byDave.body)]).toEqual([404, 'share_links.not_found']);
    expect((await open(`/s/${token}`)).status).toBe(200);

    expect((await api.as('bob').delete(`/t/acme/file-management/api/share-links/${first}`)).status).toBe(204);
    const page = await open(`/s/${token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('withdrawn');
    expect((await api.as('carol').delete(`/t/acme/file-management/api/share-links/${second}`)).status).toBe(
      204,
    );
    expect((await api.as('bob').delete(`/t/acme/file-management/api/share-links/${second}`)).status).toBe(
      204,
    );
    const revoked = await api.db.query(
      `SELECT 1 FROM audit_events WHERE action = 'share_link.revoke' AND file_id = $1 AND detail->>'shareLinkId' = $2`,
      [file, first],
    );
    expect(revoked.rows).toHaveLength(1);
  });

  it('follows what its sender may do now: a client’s link shares nothing once the site turns the flag off', async () => {
    const file = bakeryFiles[0]!.id;
    expect((await send(api.as('bob'), { fileIds: [file], to: ['follows@example.net'] })).status).toBe(201);
    const token = tokenOf(await mailTo('follows@example.net'));
    expect((await open(`/s/${token}/files/${file}`, { method: 'HEAD' })).status).toBe(200);
    await settings({ internalFilesEmail: false });
    try {
      expect(await (await open(`/s/${token}`)).text()).toContain('None of the files is available any more.');
      expect((await open(`/s/${token}/files/${file}`, { method: 'HEAD' })).status).toBe(404);
    } finally {
      await settings({ internalFilesEmail: true });
    }
    expect((await open(`/s/${token}/files/${file}`, { method: 'HEAD' })).status).toBe(200);
  });

  it("a link of one firm reaches nothing of another's", async () => {
    const sent = await send(
      api.as('dave'),
      { fileIds: [globexFile], to: ['globex-client@example.net'] },
      'globex',
    );
    expect(sent.status).toBe(201);
    const token = tokenOf(await mailTo('globex-client@example.net'));
    const html = await (await open(`/s/${token}`)).text();
    expect(html).toContain('Globex');
    expect(html).not.toContain('Acme');
    expect((await open(`/s/${token}/files/${bakeryFiles[0]!.id}`)).status).toBe(404);
    expect((await open(`/s/${token}/files/${globexFile}`)).status).toBe(200);
  });

  it('is rate-limited per person: one send more than SHARE_LINK_SENDS_PER_HOUR answers 429', async () => {
    let status = 0;
    for (let i = 0; i <= SENDS_PER_HOUR && status !== 429; i++) {
      status = (await send(api.as('dave'), { fileIds: [globexFile], to: [`rate${i}@example.net`] }, 'globex'))
        .status;
    }
    expect(status).toBe(429);
    // Another person is not held back by it.
    expect(
      (await send(api.as('carol'), { fileIds: [bakeryFiles[0]!.id], to: ['after@example.net'] })).status,
    ).toBe(201);
  });
});
