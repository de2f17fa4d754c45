import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SavedSubmittedFiles, UrlUploadJob, UrlUploadStarted } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { PDF_BYTES } from '../testing/staff-access.ts';
import { addressRefusal, checkUrl } from './url-fetch.ts';
import { deleteUrlUploadsUpdatedBefore } from './url-uploads.repository.ts';

/**
 * Upload from a link (issue 27 item 7): the server fetches an address the test serves into a pending upload;
 * refused schemes and addresses answer 400 at once, a redirect to one fails the job; who may start one.
 */
const PDF = Buffer.from(PDF_BYTES('fetched from a link'));
const BIG = Buffer.alloc(300_000, 'a');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(5000)]);

const web = createServer((request, response) => {
  const path = request.url ?? '/';
  const redirect = (to: string) => response.writeHead(302, { location: to }).end();
  if (path === '/report.pdf') {
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF);
  } else if (path === '/named') {
    response
      .writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="Q3 return.pdf"',
      })
      .end(PDF);
  } else if (path === '/slow.txt') {
    // Half now, half later: the job shows the bytes received meanwhile.
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': BIG.length });
    response.write(BIG.subarray(0, 150_000));
    setTimeout(() => response.end(BIG.subarray(150_000)), 1500);
  } else if (path === '/hop') redirect('/report.pdf');
  else if (path.startsWith('/chain/')) {
    const n = Number(path.slice(7));
    redirect(n > 0 ? `/chain/${n - 1}` : '/report.pdf');
  } else if (path === '/to-loopback') redirect('http://127.0.0.1:1/secret');
  else if (path === '/to-localhost')
    redirect(`http://localhost:${(web.address() as AddressInfo).port}/report.pdf`);
  else if (path === '/to-private') redirect('http://10.0.0.1/');
  else if (path === '/to-metadata') redirect('http://169.254.169.254/latest/meta-data/');
  else if (path === '/to-file') redirect('file:///etc/passwd');
  else if (path === '/setup.exe') response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
  else if (path === '/program.pdf') response.writeHead(200, { 'content-type': 'application/pdf' }).end(ELF);
  else if (path === '/missing') response.writeHead(404).end();
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => web.close(resolve)));
const port = (web.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;

const api = useTestApi({
  env: {
    URL_UPLOAD_ALLOW_HTTP: 'true',
    URL_UPLOAD_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    MAX_UPLOAD_BYTES: '1000000',
  },
});

let bakery: string;
const settings = (patch: Record<string, boolean | null>) =>
  api.as('carol').patch(`/t/acme/portal/api/staff/sites/${bakery}/file-area-settings`, patch);

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  expect((await settings({ urlFileUpload: true })).status).toBe(200);
});

const start = (client: ApiClient, url: string, siteId = bakery, tenant = 'acme') =>
  client.post<UrlUploadStarted>(`/t/${tenant}/file-storage/api/uploads/from-url`, { siteId, url });
const job = (client: ApiClient, jobId: string) =>
  client.get<UrlUploadJob>(`/t/acme/file-storage/api/uploads/from-url/${jobId}`);
const finished = async (client: ApiClient, jobId: string): Promise<UrlUploadJob> => {
  let last: UrlUploadJob | undefined;
  await vi.waitFor(
    async () => {
      last = (await job(client, jobId)).body;
      expect(last.state).not.toBe('fetching');
    },
    { timeout: 20_000, interval: 100 },
  );
  return last!;
};
const fetched = async (client: ApiClient, url: string) => {
  const started = await start(client, url);
  expect(started.status).toBe(202);
  return finished(client, started.body.jobId);
};

describe('fetching a link into a pending upload', () => {
  it('fetches, is saved like any upload, and the saved file has the bytes served', async () => {
    const done = await fetched(api.as('bob'), `${base}/report.pdf`);
    expect(done).toMatchObject({ state: 'done', fileName: 'report.pdf', bytesReceived: PDF.length });
    expect(done.referenceNumber).toMatch(/^UP-/);
    const saved = await api.as('bob').post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
      siteId: bakery,
      files: [{ referenceNumber: done.referenceNumber }],
    });
    expect(saved.status).toBe(201);
    const id = saved.body.records[0]!.id;
    const download = await api.as('bob').bytes(`/t/acme/portal/api/files/submitted/${id}`);
    expect(download.status).toBe(200);
    expect(download.body.equals(PDF)).toBe(true);
    const { rows } = await api.db.query<{ detail: { url: string } }>(
      `SELECT detail FROM audit_events WHERE action = 'upload.from_url' AND detail->>'referenceNumber' = $1`,
      [done.referenceNumber],
    );
    expect(rows[0]!.detail.url).toBe(`${base}/report.pdf`);
  });

  it('follows up to 5 redirects, names the file from Content-Disposition, and shows progress while fetching', async () => {
    expect(await fetched(api.as('carol'), `${base}/chain/4`)).toMatchObject({ state: 'done' });
    expect(await fetched(api.as('carol'), `${base}/named`)).toMatchObject({
      state: 'done',
      fileName: 'Q3 return.pdf',
    });
    const slow = await start(api.as('carol'), `${base}/slow.txt`);
    await vi.waitFor(
      async () => {
        const now = (await job(api.as('carol'), slow.body.jobId)).body;
        expect(now).toMatchObject({ state: 'fetching', bytesExpected: BIG.length });
        expect(now.bytesReceived).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(await finished(api.as('carol'), slow.body.jobId)).toMatchObject({
      state: 'done',
      bytesReceived: BIG.length,
    });
  });

  it('ends the job failed for a redirect to a refused address, too many redirects, a refused type, a 404', async () => {
    for (const [path, code] of [
      ['/to-loopback', 'url.refused'],
      ['/to-localhost', 'url.refused'],
      ['/to-private', 'url.refused'],
      ['/to-metadata', 'url.refused'],
      ['/to-file', 'url.refused'],
      ['/chain/5', 'url.refused'],
      ['/setup.exe', 'uploads.type_refused'],
      ['/program.pdf', 'uploads.type_refused'],
      ['/missing', 'url.fetch_failed'],
    ] as const) {
      const failed = await fetched(api.as('carol'), `${base}${path}`);
      expect([path, failed.state, failed.error?.code]).toEqual([path, 'failed', code]);
      expect(failed.error?.message).toBeTruthy();
      expect(failed.referenceNumber).toBeUndefined();
    }
  });

  it('a name that does not resolve ends the job failed, not the request', async () => {
    const failed = await fetched(api.as('carol'), 'https://no-such-host.invalid/file.pdf');
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'url.fetch_failed' } });
  });

  it('refuses at once (400 url.refused) what the allow list does not name: 127.0.0.1, 10.0.0.1, 169.254.169.254, file:, ftp:', async () => {
    for (const url of [
      'http://127.0.0.1:1/x',
      `http://localhost:${port}/report.pdf`,
      'http://[::1]/x',
      'http://10.0.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
      'http://224.0.0.1/x',
      'file:///etc/passwd',
      'ftp://example.com/file.pdf',
      'gopher://example.com/',
      'not a url',
      `http://user:secret@127.0.0.1:${port}/report.pdf`,
    ]) {
      const answer = await start(api.as('carol'), url);
      expect([url, answer.status, errorCode(answer.body)]).toEqual([url, 400, 'url.refused']);
    }
    const { rows } = await api.db.query(`SELECT 1 FROM url_uploads WHERE url LIKE '%169.254%'`);
    expect(rows).toEqual([]);
  });

  it('refuses the private ranges and http: by policy (unit)', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '168.63.129.16',
      '239.1.1.1',
    ]) {
      expect([address, addressRefusal(address)]).toEqual([address, expect.any(String)]);
    }
    expect(addressRefusal('93.184.215.14')).toBeUndefined();
    expect(() => checkUrl('http://example.com/', { allowHttp: false, allowedHosts: [] })).toThrow(
      /only https:/,
    );
    expect(checkUrl('https://example.com/', { allowHttp: false, allowedHosts: [] }).href).toBe(
      'https://example.com/',
    );
  });
});

describe('who may upload from a link', () => {
  it('staff and a member with the flags start one; a non-member and another firm get 404; the flag off 403', async () => {
    expect((await start(api.as('carol'), `${base}/report.pdf`)).status).toBe(202);
    const member = await start(api.as('bob'), `${base}/report.pdf`);
    expect(member.status).toBe(202);
    const nonMember = await start(api.as('alice'), `${base}/report.pdf`);
    expect([nonMember.status, errorCode(nonMember.body)]).toEqual([404, 'sites.not_found']);
    const otherFirm = await start(api.as('dave'), `${base}/report.pdf`, bakery, 'globex');
    expect([otherFirm.status, errorCode(otherFirm.body)]).toEqual([404, 'sites.not_found']);
    const wrongTenant = await start(api.as('dave'), `${base}/report.pdf`);
    expect([wrongTenant.status, errorCode(wrongTenant.body)]).toEqual([403, 'auth.tenant_forbidden']);
    // A job is its starter's alone.
    const others = await job(api.as('carol'), member.body.jobId);
    expect([others.status, errorCode(others.body)]).toEqual([404, 'uploads.not_found']);
    const globex = await api
      .as('dave')
      .get(`/t/globex/file-storage/api/uploads/from-url/${member.body.jobId}`);
    expect(globex.status).toBe(404);

    await settings({ urlFileUpload: false });
    try {
      const off = await start(api.as('bob'), `${base}/report.pdf`);
      expect([off.status, errorCode(off.body)]).toEqual([403, 'settings.forbidden']);
      expect(off.body.error.message).toContain('urlFileUpload');
      expect((await start(api.as('carol'), `${base}/report.pdf`)).status).toBe(202);
    } finally {
      await settings({ urlFileUpload: true });
    }
    await settings({ internalFilesUpload: false });
    try {
      const off = await start(api.as('bob'), `${base}/report.pdf`);
      expect([off.status, errorCode(off.body)]).toEqual([403, 'settings.forbidden']);
    } finally {
      await settings({ internalFilesUpload: null });
    }
  });

  it('answers from the database: a job whose server went away reads failed', async () => {
    const started = await start(api.as('carol'), `${base}/slow.txt`);
    await finished(api.as('carol'), started.body.jobId);
    await api.db.query(
      `UPDATE url_uploads SET state = 'fetching', reference_number = NULL, updated_at = now() - interval '2 hours'
       WHERE id = $1`,
      [started.body.jobId],
    );
    expect((await job(api.as('carol'), started.body.jobId)).body).toMatchObject({
      state: 'failed',
      error: { code: 'url.fetch_failed' },
    });
  });

  it('the sweep removes jobs a day after their last change', async () => {
    const started = await start(api.as('carol'), `${base}/report.pdf`);
    await finished(api.as('carol'), started.body.jobId);
    await api.db.query(`UPDATE url_uploads SET updated_at = now() - interval '2 days' WHERE id = $1`, [
      started.body.jobId,
    ]);
    expect(await deleteUrlUploadsUpdatedBefore(api.db, new Date(Date.now() - 86_400_000))).toBeGreaterThan(0);
    expect((await job(api.as('carol'), started.body.jobId)).status).toBe(404);
  });
});
