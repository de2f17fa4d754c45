import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { REFERENCE_NUMBER_PATTERN, UPLOAD_REFERENCE_HEADER, type UploadedFile } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { scanHookOf } from '../scanning/scan-intake.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { listBlobFiles, sha256 } from '../testing/uploads.ts';
import { within } from '../testing/within.ts';
import { tusCalls } from './tus-store.ts';
import { createTusServer } from './tus-uploads.usecases.ts';
import { reapExpiredUploads } from './upload-reaper.ts';
import { UploadSlots } from './upload-slots.ts';

const logs = captureLogs();
const api = useTestApi({
  env: { MAX_UPLOAD_BYTES: String(8 * 1024 * 1024) },
  logger: { level: 'info', stream: logs.stream },
});

const TUS_VERSION = { 'tus-resumable': '1.0.0' };
const tusPath = (tenant = 'acme') => `/t/${tenant}/file-storage/api/uploads/tus`;
const metadataOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

interface Creation {
  siteId?: string;
  name?: string;
  type?: string;
  length: number;
  tenant?: string;
}

async function create(client: ApiClient, creation: Creation) {
  const metadata = metadataOf({
    filename: creation.name ?? 'statement.pdf',
    filetype: creation.type ?? 'application/pdf',
    siteId: creation.siteId ?? api.siteId('ACME-1001'),
  });
  const response = await client.raw(tusPath(creation.tenant), {
    method: 'POST',
    headers: { ...TUS_VERSION, 'upload-length': String(creation.length), 'upload-metadata': metadata },
  });
  return { response, location: response.headers.get('location') ?? '', body: await jsonOf(response) };
}

const jsonOf = async (response: Response) => {
  const text = await response.text();
  return text.startsWith('{') ? JSON.parse(text) : text;
};

const patch = (client: ApiClient, location: string, offset: number, bytes: Uint8Array) =>
  client.raw(location, {
    method: 'PATCH',
    headers: {
      ...TUS_VERSION,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });

const head = (client: ApiClient, location: string) =>
  client.raw(location, { method: 'HEAD', headers: TUS_VERSION });

const offsetOf = async (client: ApiClient, location: string) =>
  Number((await head(client, location)).headers.get('upload-offset'));

const tusRowCount = async () =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tus_uploads')).rows[0]!.n;

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('tus uploads at /t/:tenant/file-storage/api/uploads/tus', () => {
  it('creates, receives in one PATCH and ends as a pending upload the portal saves like a multipart one', async () => {
    const bytes = randomBytes(1024 * 1024 + 7);
    const created = await create(api.as('bob'), { length: bytes.length, name: 'Bank statement.pdf' });
    expect(created.response.status).toBe(201);
    expect(created.location).toMatch(/^\/t\/acme\/file-storage\/api\/uploads\/tus\/[0-9a-f]{32}$/);
    expect(created.response.headers.get('upload-expires')).toBeTruthy();
    // Answered around Fastify, yet with the tenant answers' headers.
    expect(created.response.headers.get('cache-control')).toBe('no-store');
    expect(created.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await offsetOf(api.as('bob'), created.location)).toBe(0);

    const done = await patch(api.as('bob'), created.location, 0, bytes);
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(bytes.length));
    const reference = done.headers.get(UPLOAD_REFERENCE_HEADER)!;
    expect(reference).toMatch(new RegExp(REFERENCE_NUMBER_PATTERN));
    // A HEAD afterwards (a client that lost the last answer) and a GET name the same upload.
    expect((await head(api.as('bob'), created.location)).headers.get(UPLOAD_REFERENCE_HEADER)).toBe(
      reference,
    );
    const file = await api.as('bob').get<UploadedFile>(created.location);
    expect(file.body).toEqual({
      referenceNumber: reference,
      fileName: 'Bank statement.pdf',
      size: bytes.length,
      sha256: sha256(bytes),
      contentType: 'application/pdf',
    });
    const saved = await api.as('bob').post('/t/acme/portal/api/files', {
      siteId: api.siteId('ACME-1001'),
      files: [{ referenceNumber: reference }],
    });
    expect(saved.status).toBe(201);
    // Saved, the reference is no longer a pending upload of the caller.
    expect(statusAndCode(await api.as('bob').get(created.location))).toEqual([404, 'uploads.not_found']);
  });

  it('resumes from the offset the server keeps, refuses a wrong offset, and joins the parts into one blob', async () => {
    const bytes = randomBytes(600_000);
    const { location } = await create(api.as('bob'), { length: bytes.length });
    expect((await patch(api.as('bob'), location, 0, bytes.subarray(0, 200_000))).status).toBe(204);
    expect(await offsetOf(api.as('bob'), location)).toBe(200_000);
    const wrong = await patch(api.as('bob'), location, 100_000, bytes.subarray(100_000, 200_000));
    expect(wrong.status).toBe(409);
    expect((await jsonOf(wrong)).error.code).toBe('uploads.offset_conflict');
    expect((await patch(api.as('bob'), location, 200_000, bytes.subarray(200_000, 400_000))).status).toBe(
      204,
    );
    const blobsBefore = await listBlobFiles(api.server.config.dataDir);
    const last = await patch(api.as('bob'), location, 400_000, bytes.subarray(400_000));
    expect(last.status).toBe(204);
    const file = (await api.as('bob').get<UploadedFile>(location)).body;
    expect(file.sha256).toBe(sha256(bytes));
    expect(file.size).toBe(bytes.length);
    const { rows } = await api.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM uploads WHERE reference_number = $1',
      [file.referenceNumber],
    );
    // The two parts before the last went, the joined blob came: no part is left behind.
    const blobsAfter = await listBlobFiles(api.server.config.dataDir);
    expect(blobsAfter).toContain(rows[0]!.blob_key);
    expect(blobsAfter.length).toBe(blobsBefore.length - 2 + 1);
  });

  it('goes on with a token refreshed mid-upload: the upload belongs to the person, not to the token', async () => {
    const bytes = randomBytes(300_000);
    const { location } = await create(api.as('bob'), { length: bytes.length });
    expect((await patch(api.as('bob'), location, 0, bytes.subarray(0, 100_000))).status).toBe(204);
    const refreshed = api.minted({ sub: await api.userId('bob'), [api.server.config.tenantClaim]: ['acme'] });
    expect(await refreshed.token()).not.toBe(await api.as('bob').token());
    expect((await patch(refreshed, location, 100_000, bytes.subarray(100_000))).status).toBe(204);
    expect((await refreshed.get<UploadedFile>(location)).body.sha256).toBe(sha256(bytes));
  });

  it('keeps the bytes of a PATCH whose connection broke, and the client resumes after them', async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    const { location } = await create(api.as('bob'), { length: bytes.length });
    const token = await api.as('bob').token();
    const { port } = new URL(api.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n' +
        `Content-Length: ${bytes.length}\r\n\r\n`,
    );
    const sent = 700_000;
    await new Promise((resolve) => socket.write(bytes.subarray(0, sent), resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await eventually(async () => (await offsetOf(api.as('bob'), location)) > 0, 'the cut PATCH is kept');
    const offset = await offsetOf(api.as('bob'), location);
    expect(offset).toBeLessThanOrEqual(sent);
    const rest = await patch(api.as('bob'), location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect((await api.as('bob').get<UploadedFile>(location)).body.sha256).toBe(sha256(bytes));
  });

  it('a PATCH whose client was gone before its body was read ends at once and leaves the upload free to go on', async () => {
    // As when a reload kills a PATCH while the route's hooks still run: by the time @tus/server reads the body, the
    // request is torn down and its body fails at once, before the store has looked the upload up. The PATCH must
    // still end, releasing the upload's lock; a PATCH that never ended held it, and every HEAD and PATCH after it
    // waited for the lock in vain until the browser gave up (the flaky "resume after a reload" browser spec).
    const bytes = randomBytes(300_000);
    const { location } = await create(api.as('bob'), { length: bytes.length });
    const { createFsBlobStore } = await import('../storage/fs-blob-store.ts');
    const { config } = api.server;
    const tus = createTusServer({
      db: api.db,
      blobs: createFsBlobStore(`${config.dataDir}/blobs`),
      config,
      slots: new UploadSlots({ perUser: 8, perAddress: 32 }),
      scanning: scanHookOf(config),
      versions: {
        siteOf: () => Promise.reject(new Error('no version uploads here')),
        record: () => Promise.reject(new Error('no version uploads here')),
      },
    });
    const bob = { id: await api.userId('bob'), name: 'Bob Baker', email: '', isStaff: false, isClient: true };
    const call = (init: RequestInit) =>
      tusCalls.run({ caller: { tenantCode: 'acme', user: bob }, log: api.server.app.log }, () =>
        tus.handleWeb(
          new Request(`${api.url}${location}`, { ...init, headers: { ...TUS_VERSION, ...init.headers } }),
        ),
      );
    const gone = new ReadableStream({
      start: (controller) => controller.error(new Error('the client went away')),
    });
    const cut = await within(
      5_000,
      call({
        method: 'PATCH',
        headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: gone,
        duplex: 'half',
      } as RequestInit),
      'the cut PATCH to end',
    );
    expect(cut.status).toBeGreaterThanOrEqual(400);
    const head = await within(5_000, call({ method: 'HEAD' }), 'the HEAD after it');
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, '0']);
    expect((await patch(api.as('bob'), location, 0, bytes)).status).toBe(204);
    expect((await api.as('bob').get<UploadedFile>(location)).body.sha256).toBe(sha256(bytes));
  });

  it('applies the size limit, the refusal of programs and the site’s settings before any byte is stored', async () => {
    const rows = await tusRowCount();
    const tooLarge = await create(api.as('bob'), { length: 8 * 1024 * 1024 + 1 });
    expect([tooLarge.response.status, tooLarge.body.error.code]).toEqual([413, 'uploads.too_large']);
    expect(tooLarge.body.error.message).toBe('A file may have at most 8.4 MB.');
    const byName = await create(api.as('bob'), { length: 10, name: 'setup.exe', type: '' });
    expect([byName.response.status, byName.body.error.code]).toEqual([415, 'uploads.type_refused']);
    const noName = await create(api.as('bob'), { length: 10, name: '' });
    expect([noName.response.status, noName.body.error.code]).toEqual([400, 'uploads.invalid']);
    const notASite = await create(api.as('bob'), { length: 10, siteId: 'nope' });
    expect([notASite.response.status, notASite.body.error.code]).toEqual([400, 'uploads.invalid']);
    const site = api.siteId('ACME-1001');
    await api.db.query(
      "INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)",
      [site, JSON.stringify({ internalFilesUpload: false })],
    );
    try {
      const closed = await create(api.as('bob'), { length: 10 });
      expect([closed.response.status, closed.body.error.code]).toEqual([403, 'settings.forbidden']);
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site]);
    }
    expect(await tusRowCount()).toBe(rows);

    // A program named as a document is refused by its first bytes: nothing is kept, the upload is gone.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(10_000)]);
    const blobs = await listBlobFiles(api.server.config.dataDir);
    const { location } = await create(api.as('bob'), { length: elf.length, name: 'invoice.pdf' });
    const refused = await patch(api.as('bob'), location, 0, elf);
    expect([refused.status, (await jsonOf(refused)).error.code]).toEqual([415, 'uploads.type_refused']);
    expect((await head(api.as('bob'), location)).status).toBe(404);
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobs);
    expect(await tusRowCount()).toBe(rows);
  });

  it('a PATCH refused because the site no longer takes the caller’s uploads stores nothing', async () => {
    const site = api.siteId('ACME-1001');
    const bytes = randomBytes(200_000);
    const { location } = await create(api.as('bob'), { length: bytes.length });
    const blobs = await listBlobFiles(api.server.config.dataDir);
    // Uploads switched off for the site since the creation: 403, and not one byte kept.
    await api.db.query(
      "INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)",
      [site, JSON.stringify({ internalFilesUpload: false })],
    );
    try {
      for (const part of [bytes.subarray(0, 100_000), bytes]) {
        const refused = await patch(api.as('bob'), location, 0, part);
        expect([refused.status, (await jsonOf(refused)).error.code]).toEqual([403, 'settings.forbidden']);
        expect(await offsetOf(api.as('bob'), location)).toBe(0);
      }
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site]);
    }
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobs);
    // Open again, the same upload goes on from where it was.
    expect((await patch(api.as('bob'), location, 0, bytes)).status).toBe(204);

    // Removed from the site: refused (404, or 403 once he is no one of the firm's), nothing kept either.
    const member = await api.userId('bob');
    const other = await create(api.as('bob'), { length: bytes.length });
    const before = await listBlobFiles(api.server.config.dataDir);
    await api.db.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [site, member]);
    try {
      const refused = await patch(api.as('bob'), other.location, 0, bytes);
      expect([403, 404]).toContain(refused.status);
      expect(await listBlobFiles(api.server.config.dataDir)).toEqual(before);
    } finally {
      await api.db.query("INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2)", [
        site,
        member,
      ]);
    }
    await eventually(async () => (await head(api.as('bob'), other.location)).status === 200, 'bob is back');
    expect(await offsetOf(api.as('bob'), other.location)).toBe(0);
  });

  it('answers OPTIONS (tus discovery) with the version, the extensions and the firm’s largest file', async () => {
    const options = await api.as('bob').raw(tusPath(), { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-resumable')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration');
    expect(options.headers.get('tus-max-size')).toBe(String(8 * 1024 * 1024));
    await api.db.query("UPDATE tenants SET max_upload_bytes = 1000 WHERE code = 'acme'");
    try {
      const lower = await api.as('bob').raw(tusPath(), { method: 'OPTIONS' });
      expect(lower.headers.get('tus-max-size')).toBe('1000');
    } finally {
      await api.db.query("UPDATE tenants SET max_upload_bytes = NULL WHERE code = 'acme'");
    }
    expect((await api.anonymous.raw(tusPath(), { method: 'OPTIONS' })).status).toBe(401);
  });

  it('answers the tus extensions it does not speak 400 uploads.tus_extension_unsupported, logged at info, never 500', async () => {
    const metadata = metadataOf({
      filename: 'a.pdf',
      filetype: 'application/pdf',
      siteId: api.siteId('ACME-1001'),
    });
    const creation = (headers: Record<string, string>) =>
      api.as('bob').raw(tusPath(), {
        method: 'POST',
        headers: { ...TUS_VERSION, 'upload-metadata': metadata, ...headers },
      });
    const rows = await tusRowCount();
    const logged = logs.text().length;
    const { location } = await create(api.as('bob'), { length: 10 });
    const refusals = [
      await creation({ 'upload-defer-length': '1' }),
      await creation({ 'upload-length': '10', 'upload-concat': 'partial' }),
      await api.as('bob').raw(location, {
        method: 'PATCH',
        headers: {
          ...TUS_VERSION,
          'upload-offset': '0',
          'upload-length': '10',
          'content-type': 'application/offset+octet-stream',
        },
        body: randomBytes(10),
      }),
    ];
    for (const refused of refusals) {
      const body = await jsonOf(refused);
      expect([refused.status, body.error.code]).toEqual([400, 'uploads.tus_extension_unsupported']);
      expect(body.error.message).toMatch(
        /^The tus (creation-defer-length|concatenation) extension is not supported/,
      );
    }
    expect(await tusRowCount()).toBe(rows + 1);
    expect(await offsetOf(api.as('bob'), location)).toBe(0);
    const lines = logs
      .text()
      .slice(logged)
      .split('\n')
      .filter((line) => line.includes('tus extension refused'));
    expect(lines.length).toBe(3);
    for (const line of lines) expect(JSON.parse(line).level).toBe(30);
    expect(logs.text().slice(logged)).not.toContain('"level":50');
  });

  it('answers 404 for an upload id of another user or another tenant, and for a made-up one', async () => {
    const { location } = await create(api.as('bob'), { length: 100 });
    const id = location.split('/').at(-1)!;
    const alice = api.as('alice');
    expect((await head(alice, location)).status).toBe(404);
    expect((await patch(alice, location, 0, randomBytes(100))).status).toBe(404);
    expect((await alice.raw(location, { method: 'DELETE', headers: TUS_VERSION })).status).toBe(404);
    expect(statusAndCode(await alice.get(location))).toEqual([404, 'uploads.not_found']);
    // Alice is a client in globex too: the same id under globex is not found either.
    expect((await head(alice, `${tusPath('globex')}/${id}`)).status).toBe(404);
    expect((await head(api.as('dave'), `${tusPath('globex')}/${id}`)).status).toBe(404);
    expect((await head(api.as('bob'), `${tusPath()}/${'0'.repeat(32)}`)).status).toBe(404);
    // And none of it touched Bob's upload.
    expect(await offsetOf(api.as('bob'), location)).toBe(0);
    expect((await api.anonymous.raw(location, { method: 'HEAD', headers: TUS_VERSION })).status).toBe(401);
  });

  it('terminates an unfinished upload with its bytes (DELETE)', async () => {
    const blobs = await listBlobFiles(api.server.config.dataDir);
    const { location } = await create(api.as('bob'), { length: 1000 });
    await patch(api.as('bob'), location, 0, randomBytes(500));
    expect((await listBlobFiles(api.server.config.dataDir)).length).toBe(blobs.length + 1);
    const deleted = await api.as('bob').raw(location, { method: 'DELETE', headers: TUS_VERSION });
    expect(deleted.status).toBe(204);
    expect((await head(api.as('bob'), location)).status).toBe(404);
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobs);
  });

  it('removes an unfinished upload and its bytes once UPLOAD_GRACE_SECONDS have passed', async () => {
    const blobs = await listBlobFiles(api.server.config.dataDir);
    const { location } = await create(api.as('bob'), { length: 1000 });
    await patch(api.as('bob'), location, 0, randomBytes(400));
    const id = location.split('/').at(-1)!;
    await api.db.query(
      "UPDATE tus_uploads SET created_at = now() - interval '1 second' - make_interval(secs => $2) WHERE id = $1",
      [id, api.server.config.uploadGraceSeconds],
    );
    // Expired, it cannot go on even before the reaper came by.
    expect((await patch(api.as('bob'), location, 400, randomBytes(100))).status).toBe(410);
    const { createFsBlobStore } = await import('../storage/fs-blob-store.ts');
    const store = createFsBlobStore(`${api.server.config.dataDir}/blobs`);
    await reapExpiredUploads(api.db, store, api.server.config.uploadGraceSeconds, api.server.app.log);
    expect((await api.db.query('SELECT 1 FROM tus_uploads WHERE id = $1', [id])).rows).toEqual([]);
    expect((await head(api.as('bob'), location)).status).toBe(404);
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobs);
  });
});
