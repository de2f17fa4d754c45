import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { type DownloadTicket, FILE_DOWNLOAD_AUDIT_ACTION, type PublishedFileList } from '@portico/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { readZip } from '../testing/read-zip.ts';

// Everything the server logs, to prove no ticket secret reaches it.
const logged: string[] = [];
const logStream = new PassThrough();
logStream.on('data', (chunk: Buffer) => logged.push(chunk.toString()));
const api = useTestApi({ logger: { level: 'info', stream: logStream } });

const FM = '/t/acme/file-management/api/files/published-files';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A published (or submitted) file of a site with these bytes, as the firm (or a client) would have put it there. */
async function publish(siteReference: string, fileName: string, bytes: Buffer, direction = 'published') {
  const blobs = createFsBlobStore(path.join(api.server.config.dataDir, 'blobs'));
  const tenant = siteReference.startsWith('GLX') ? 'globex' : 'acme';
  const blobKey = `${tenant}/${randomUUID()}`;
  await blobs.put(blobKey, Readable.from([bytes]));
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
     VALUES ($1, $2, $7, $3, $3, 'application/pdf', $4, $5, $6) RETURNING id`,
    [tenant, api.siteId(siteReference), fileName, bytes.length, sha256(bytes), blobKey, direction],
  );
  return rows[0]!.id;
}

const ticketFor = async (client: ApiClient, fileIds: string[], zip?: boolean, base = FM) => {
  const answer = await client.post<DownloadTicket>(`${base}/download-tickets`, {
    fileIds,
    ...(zip === undefined ? {} : { zip }),
  });
  return answer;
};

/** A plain GET of a ticket URL (relative to the service base `…/{service}/`), with no token, as a browser sends it. */
const fetchTicket = (url: string, headers: Record<string, string> = {}, service = 'file-management') =>
  api.anonymous.bytes(`/t/acme/${service}/${url}`, { headers });

const downloadsOf = async (fileId: string) =>
  (
    await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1 AND action = $2',
      [fileId, FILE_DOWNLOAD_AUDIT_ACTION],
    )
  ).rows[0]!.n;

const bytes = randomBytes(200_000);
let fileId: string;
const bobsFile = async () => {
  fileId ??= await publish('ACME-1001', 'Statement 2026.pdf', bytes);
  return fileId;
};

describe('download tickets: issued with the bearer token, fetched with a plain GET', () => {
  it('a client gets a ticket for a file; the browser fetches it without a token, as an audited attachment', async () => {
    const id = await bobsFile();
    const issued = await ticketFor(api.as('bob'), [id]);
    expect(issued.status).toBe(201);
    expect(issued.body.url).toMatch(
      new RegExp(`^api/files/published-files/${id}/download/dt_[A-Za-z0-9_-]{43}$`),
    );
    expect(issued.body.size).toBe(bytes.length);
    const lifetime = Date.parse(issued.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(290_000);
    expect(lifetime).toBeLessThan(310_000);

    const before = await downloadsOf(id);
    const answer = await fetchTicket(issued.body.url);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="Statement 2026.pdf"; filename*=UTF-8''Statement%202026.pdf`,
      'cache-control': 'private, no-store',
    });
    expect(await downloadsOf(id)).toBe(before + 1);
    // …which ends the file's New marker for Bob, as a bearer download does.
    const list = await api
      .as('bob')
      .get<PublishedFileList>(`${FM}?siteId=${api.siteId('ACME-1001')}&limit=100`);
    expect(list.body.records.find((r) => r.id === id)?.isNew).toBe(false);
  });

  it('resumes with Range while it lasts, without counting the resumption as another download', async () => {
    const id = await bobsFile();
    const { url } = (await ticketFor(api.as('bob'), [id])).body;
    const first = await fetchTicket(url, { range: 'bytes=0-99999' });
    const before = await downloadsOf(id);
    const rest = await fetchTicket(url, { range: 'bytes=100000-', 'if-range': `"${sha256(bytes)}"` });
    expect([first.status, rest.status]).toEqual([206, 206]);
    expect(rest.headers.get('content-range')).toBe(`bytes 100000-199999/${bytes.length}`);
    expect(Buffer.concat([first.body, rest.body]).equals(bytes)).toBe(true);
    expect(await downloadsOf(id)).toBe(before);
  });

  it('is refused once expired', async () => {
    const { url } = (await ticketFor(api.as('bob'), [await bobsFile()])).body;
    await api.db.query(
      `UPDATE download_tickets SET expires_at = now() - interval '1 second'
       WHERE expires_at > now() AND user_id = $1`,
      [await api.userId('bob')],
    );
    expect(statusAndCode(await fetchTicket(url))).toEqual([410, 'downloads.ticket_expired']);
    expect(statusAndCode(await fetchTicket(url, { range: 'bytes=10-' }))).toEqual([
      410,
      'downloads.ticket_expired',
    ]);
  });

  it('is refused for another user, another tenant, another file, another list and a made-up secret', async () => {
    const id = await bobsFile();
    const other = await publish('ACME-1001', 'other.pdf', randomBytes(1000));
    const { url } = (await ticketFor(api.as('bob'), [id])).body;
    const secret = url.split('/').at(-1)!;

    // Another user: a bearer token sent with the ticket must be the ticket's user's.
    const withAlice = await api.as('alice').bytes(`/t/acme/file-management/${url}`);
    expect(statusAndCode(withAlice)).toEqual([404, 'downloads.ticket_not_found']);
    expect((await api.as('bob').bytes(`/t/acme/file-management/${url}`)).status).toBe(200);
    // …and nobody gets a ticket for a file they cannot download, another tenant's least of all.
    expect(statusAndCode(await ticketFor(api.as('alice'), [id]))).toEqual([404, 'files.not_found']);
    const globexFile = await publish('GLX-2001', 'globex.pdf', randomBytes(100));
    expect(statusAndCode(await ticketFor(api.as('bob'), [globexFile]))).toEqual([404, 'files.not_found']);
    expect(statusAndCode(await ticketFor(api.as('bob'), [globexFile], true))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await ticketFor(api.as('dave', { tenants: ['acme'] }), [id]))).toEqual([
      403,
      'auth.forbidden',
    ]);

    const elsewhere = [
      `/t/globex/file-management/${url}`,
      `/t/acme/file-management/api/files/published-files/${other}/download/${secret}`,
      `/t/acme/portal/api/files/submitted/${id}/download/${secret}`,
      `/t/acme/file-management/api/files/published-files/zip/${secret}`,
      `/t/acme/file-management/api/files/published-files/${id}/download/dt_${randomBytes(32).toString('base64url')}`,
    ];
    for (const path of elsewhere) {
      expect(statusAndCode(await api.anonymous.bytes(path)), path).toEqual([
        404,
        'downloads.ticket_not_found',
      ]);
    }
    // A malformed ticket is not a route's business either; without a ticket or a token, nothing.
    expect((await api.anonymous.bytes(`${FM}/${id}/download/dt_short`)).status).toBe(400);
    expect(statusAndCode(await api.anonymous.bytes(`${FM}/${id}`))).toEqual([401, 'auth.token_missing']);
    expect(statusAndCode(await api.anonymous.post(`${FM}/download-tickets`, { fileIds: [id] }))).toEqual([
      401,
      'auth.token_missing',
    ]);
  });

  describe('is refused as soon as the user lost access', () => {
    const site = () => api.siteId('ACME-1001');
    afterEach(async () => {
      await api.db.query(
        `INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2) ON CONFLICT DO NOTHING`,
        [site(), await api.userId('bob')],
      );
      await api.db.query('UPDATE sites SET archived_at = NULL WHERE id = $1', [site()]);
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site()]);
    });

    it('membership revoked', async () => {
      const { url } = (await ticketFor(api.as('bob'), [await bobsFile()])).body;
      await api.db.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [
        site(),
        await api.userId('bob'),
      ]);
      expect(statusAndCode(await fetchTicket(url))).toEqual([404, 'files.not_found']);
    });

    it('site archived', async () => {
      const { url } = (await ticketFor(api.as('bob'), [await bobsFile()])).body;
      await api.db.query('UPDATE sites SET archived_at = now() WHERE id = $1', [site()]);
      expect(statusAndCode(await fetchTicket(url))).toEqual([404, 'files.not_found']);
    });

    it('downloads turned off for the site', async () => {
      const { url } = (await ticketFor(api.as('bob'), [await bobsFile()])).body;
      await api.db.query(
        `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, '{"internalFilesDownload": false}')`,
        [site()],
      );
      expect(statusAndCode(await fetchTicket(url))).toEqual([403, 'settings.forbidden']);
    });

    it('file deleted', async () => {
      const id = await publish('ACME-1001', 'gone.pdf', randomBytes(100));
      const { url } = (await ticketFor(api.as('bob'), [id])).body;
      await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [id]);
      expect(statusAndCode(await fetchTicket(url))).toEqual([404, 'files.not_found']);
    });
  });

  it('one ticket per file unless it is a zip', async () => {
    const id = await bobsFile();
    const other = await publish('ACME-1001', 'two.pdf', randomBytes(10));
    expect(statusAndCode(await ticketFor(api.as('bob'), [id, other]))).toEqual([400, 'request.invalid']);
  });

  it('a zip ticket announces the zip’s exact size, which the GET sends, and resumes from any byte', async () => {
    const first = await bobsFile();
    const secondBytes = randomBytes(123_457);
    const second = await publish('ACME-1001', 'Statement 2026.pdf', secondBytes);
    const issued = await ticketFor(api.as('bob'), [first, second], true);
    expect(issued.status).toBe(201);
    expect(issued.body.url).toMatch(/^api\/files\/published-files\/zip\/dt_[A-Za-z0-9_-]{43}$/);

    const whole = await fetchTicket(issued.body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(issued.body.size));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Published Files \d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(whole.body.length).toBe(issued.body.size);
    const entries = readZip(whole.body);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['Statement 2026.pdf', 0],
      ['Statement 2026 (2).pdf', 0],
    ]);
    expect(entries[1]!.data.equals(secondBytes)).toBe(true);

    const before = await downloadsOf(second);
    for (const start of [1, 150_000, 250_000, whole.body.length - 30]) {
      const rest = await fetchTicket(issued.body.url, { range: `bytes=${start}-` });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(
        `bytes ${start}-${whole.body.length - 1}/${whole.body.length}`,
      );
      expect(rest.body.equals(whole.body.subarray(start)), `from ${start}`).toBe(true);
    }
    expect(await downloadsOf(second)).toBe(before);
    // The zip kept the CRC-32s it computed, for the next resumption.
    const { rows } = await api.db.query('SELECT 1 FROM file_crc32s WHERE file_id = ANY($1::uuid[])', [
      [first, second],
    ]);
    expect(rows.length).toBe(2);
  });

  it('staff get tickets through their own routes, for files whatever the clients’ settings', async () => {
    const id = await bobsFile();
    const issued = await api
      .as('carol')
      .post<DownloadTicket>('/t/acme/file-management/api/staff/published-files/download-tickets', {
        fileIds: [id],
      });
    expect(issued.status).toBe(201);
    expect((await fetchTicket(issued.body.url)).body.equals(bytes)).toBe(true);
    expect(
      statusAndCode(
        await api.as('bob').post('/t/acme/file-management/api/staff/published-files/download-tickets', {
          fileIds: [id],
        }),
      ),
    ).toEqual([403, 'auth.staff_only']);
  });

  it('submitted files: a client’s ticket and a staff zip ticket, both under the portal service', async () => {
    await publish('ACME-1001', 'receipts.pdf', randomBytes(3000), 'submitted');
    await publish('ACME-1002', 'payroll.pdf', randomBytes(4000), 'submitted');
    const { rows } = await api.db.query<{ id: string; site_id: string; size: number }>(
      `SELECT id, site_id, size::int AS size FROM files WHERE tenant_code = 'acme' AND direction = 'submitted'
       AND deleted_at IS NULL ORDER BY created_at`,
    );
    const bobs = rows.filter((r) => r.site_id === api.siteId('ACME-1001'));
    expect(bobs.length).toBeGreaterThan(0);
    const mine = await api
      .as('bob')
      .post<DownloadTicket>('/t/acme/portal/api/files/submitted/download-tickets', {
        fileIds: [bobs[0]!.id],
      });
    expect(mine.body.url).toMatch(/^api\/files\/submitted\/[0-9a-f-]{36}\/download\/dt_/);
    const single = await fetchTicket(mine.body.url, {}, 'portal');
    expect([single.status, single.body.length]).toEqual([200, bobs[0]!.size]);
    // The same ticket is not a published file's.
    const asPublished = mine.body.url.replace('api/files/submitted', 'api/files/published-files');
    expect(statusAndCode(await fetchTicket(asPublished))).toEqual([404, 'downloads.ticket_not_found']);

    const zip = await api
      .as('carol')
      .post<DownloadTicket>('/t/acme/portal/api/staff/submissions/download-tickets', {
        fileIds: rows.map((r) => r.id),
        zip: true,
      });
    expect(zip.status).toBe(201);
    const whole = await fetchTicket(zip.body.url, {}, 'portal');
    expect([whole.status, whole.body.length]).toEqual([200, zip.body.size]);
    expect(whole.headers.get('content-disposition')).toMatch(/filename="Submissions \d{4}-\d{2}-\d{2}\.zip"/);
    expect(readZip(whole.body).map((e) => e.size)).toEqual(rows.map((r) => r.size));
  });

  it('the server never logs a ticket secret', async () => {
    const { url } = (await ticketFor(api.as('bob'), [await bobsFile()])).body;
    const secret = url.split('/').at(-1)!;
    await fetchTicket(url);
    await api.anonymous.bytes(`/t/globex/file-management/${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = logged.join('');
    expect(log).toContain('/download/dt_[redacted]');
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/dt_[A-Za-z0-9_-]{43}/);
  });
});
