import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  FILE_AUDIT_ACTIONS,
  REFERENCE_NUMBER_PATTERN,
  type SavedSubmittedFiles,
  type SubmittedFileList,
  UNCLASSIFIED,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { readZip } from '../testing/read-zip.ts';
import { sha256, type TestFile } from '../testing/uploads.ts';

const api = useTestApi();

const text = (value: string) => new TextEncoder().encode(value);
const save = (
  client: ApiClient,
  siteId: string,
  files: { referenceNumber: string; title?: string }[],
  tenant = 'acme',
) => client.post<SavedSubmittedFiles>(`/t/${tenant}/portal/api/files`, { siteId, files });
const list = (client: ApiClient, query: string, tenant = 'acme') =>
  client.get<SubmittedFileList>(`/t/${tenant}/portal/api/files/submitted?${query}`);

/** Uploads and saves files, answering the Submitted Files created. */
async function submit(client: ApiClient, site: string, files: TestFile[], tenant = 'acme') {
  const uploaded = await client.upload(site, files, tenant);
  expect(uploaded.status).toBe(201);
  const saved = await save(
    client,
    site,
    uploaded.body.files.map((f) => ({ referenceNumber: f.referenceNumber })),
    tenant,
  );
  expect(saved.status).toBe(201);
  return saved.body.records;
}

const download = (client: ApiClient, id: string, tenant = 'acme') =>
  client.bytes(`/t/${tenant}/portal/api/files/submitted/${id}`);
const zip = (client: ApiClient, fileIds: string[], tenant = 'acme') =>
  client.bytes(`/t/${tenant}/portal/api/files/submitted/zip`, { method: 'POST', body: { fileIds } });
const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('Submitted Files end to end', () => {
  it('uploads, saves, lists, downloads and zips files with the same bytes throughout', async () => {
    const site = api.siteId('ACME-1001');
    const files = [
      { name: 'Receipts March.pdf', bytes: randomBytes(200_000), type: 'application/pdf' },
      { name: 'notes 📝.txt', bytes: text('All receipts are attached.\n'.repeat(2000)), type: 'text/plain' },
      { name: 'empty.csv', bytes: new Uint8Array(0), type: 'text/csv' },
    ];
    const uploaded = await api.as('bob').upload(site, files);
    const references = uploaded.body.files.map((f) => f.referenceNumber);
    const saved = await save(api.as('bob'), site, [
      { referenceNumber: references[0]!, title: 'March receipts' },
      { referenceNumber: references[1]! },
      { referenceNumber: references[2]! },
    ]);
    expect(saved.status).toBe(201);
    expect(saved.body.records).toEqual(
      files.map((file, i) => ({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        siteId: site,
        title: i === 0 ? 'March receipts' : file.name,
        fileName: file.name,
        contentType: file.type,
        size: file.bytes.length,
        sha256: sha256(file.bytes),
        referenceNumber: expect.stringMatching(new RegExp(REFERENCE_NUMBER_PATTERN)),
        status: 'received',
        statusNote: null,
        submittedBy: 'Bob Baker',
        submittedById: expect.stringMatching(/^[0-9a-f-]{36}$/),
        requestItemId: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        folderId: null,
        version: 1,
        checkedOutBy: null,
        ...UNCLASSIFIED,
      })),
    );
    const ids = saved.body.records.map((r) => r.id);

    const listed = await list(api.as('bob'), `siteId=${site}&sortBy=size&sortOrder=desc`);
    expect(listed.status).toBe(200);
    expect(listed.body.records.filter((r) => ids.includes(r.id))).toEqual(saved.body.records);
    // Staff of the firm see what the client sent.
    expect((await list(api.as('carol'), `siteId=${site}`)).body.records.map((r) => r.id)).toEqual(
      expect.arrayContaining(ids),
    );

    for (const [i, id] of ids.entries()) {
      const answer = await download(api.as('bob'), id);
      expect(answer.status).toBe(200);
      expect(sha256(answer.body)).toBe(sha256(files[i]!.bytes));
      expect(answer.headers.get('content-length')).toBe(String(files[i]!.bytes.length));
      expect(answer.headers.get('etag')).toBe(`"${sha256(files[i]!.bytes)}"`);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
    }

    const archive = await zip(api.as('bob'), [ids[1]!, ids[0]!, ids[2]!]);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(archive.headers.get('content-disposition')).toBe(
      `attachment; filename="Submitted Files ${day}.zip"; filename*=UTF-8''Submitted%20Files%20${day}.zip`,
    );
    const entries = readZip(archive.body);
    expect(entries.map((e) => [e.name, e.method, sha256(e.data)])).toEqual([
      ['notes 📝.txt', 8, sha256(files[1]!.bytes)],
      ['Receipts March.pdf', 0, sha256(files[0]!.bytes)],
      ['empty.csv', 8, sha256(files[2]!.bytes)],
    ]);
    expect(entries[0]!.compressedSize).toBeLessThan(files[1]!.bytes.length / 10);

    const audit = await api.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_events WHERE file_id = ANY($1) GROUP BY action ORDER BY action`,
      [ids],
    );
    expect(audit.rows).toEqual([
      { action: FILE_AUDIT_ACTIONS.download, n: 6 },
      { action: FILE_AUDIT_ACTIONS.submit, n: 3 },
    ]);
    const uploads = await api.db.query<{ state: string }>(
      'SELECT DISTINCT state FROM uploads WHERE reference_number = ANY($1)',
      [references],
    );
    expect(uploads.rows).toEqual([{ state: 'saved' }]);
  });

  it.skipIf(!hasUnzip)('writes zips that unzip tests and extracts with safe, unique names', async () => {
    const site = api.siteId('ACME-1001');
    const records = await submit(api.as('bob'), site, [
      { name: '../../escape.txt', bytes: text('one') },
      { name: '..\\..\\escape.txt', bytes: text('two') },
      { name: '/etc/escape.txt', bytes: text('three') },
      { name: 'same.pdf', bytes: randomBytes(100) },
      { name: 'SAME.pdf', bytes: randomBytes(100) },
      { name: 'same.pdf', bytes: randomBytes(100) },
    ]);
    const archive = await zip(
      api.as('bob'),
      records.map((r) => r.id),
    );
    const dir = await mkdtemp(path.join(tmpdir(), 'portico-zip-'));
    try {
      await writeFile(path.join(dir, 'a.zip'), archive.body);
      execFileSync('unzip', ['-tq', 'a.zip'], { cwd: dir });
      const names = execFileSync('zipinfo', ['-1', 'a.zip'], { cwd: dir }).toString().trim().split('\n');
      expect(names).toEqual([
        '_._escape.txt',
        '_._escape (2).txt',
        '_etc_escape.txt',
        'same.pdf',
        'SAME (2).pdf',
        'same (3).pdf',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('saves all or nothing: a reference of another user, site or tenant saves none', async () => {
    const bobSite = api.siteId('ACME-1001');
    const upload = async (client: ApiClient, site: string, tenant = 'acme') =>
      (await client.upload(site, [{ name: 'x.txt', bytes: text('x') }], tenant)).body.files[0]!
        .referenceNumber;
    const own = await upload(api.as('bob'), bobSite);
    const carols = await upload(api.as('carol'), bobSite);
    const carolsOtherSite = await upload(api.as('carol'), api.siteId('ACME-1003'));
    const globex = await upload(api.as('alice'), api.siteId('GLX-2001'), 'globex');
    const before = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM files WHERE direction = 'submitted'",
    );
    for (const foreign of [carols, carolsOtherSite, globex, 'UP-0000000000000000']) {
      const answer = await save(api.as('bob'), bobSite, [
        { referenceNumber: own },
        { referenceNumber: foreign },
      ]);
      expect([foreign, ...statusAndCode(answer)]).toEqual([foreign, 404, 'uploads.not_found']);
    }
    // Carol's upload to another site does not become a file of this one.
    expect(
      statusAndCode(await save(api.as('carol'), bobSite, [{ referenceNumber: carolsOtherSite }])),
    ).toEqual([404, 'uploads.not_found']);
    const after = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM files WHERE direction = 'submitted'",
    );
    expect(after.rows).toEqual(before.rows);
    const states = await api.db.query<{ state: string }>(
      'SELECT DISTINCT state FROM uploads WHERE reference_number = ANY($1)',
      [[own, carols, carolsOtherSite, globex]],
    );
    expect(states.rows).toEqual([{ state: 'pending' }]);

    expect((await save(api.as('bob'), bobSite, [{ referenceNumber: own }])).status).toBe(201);
    expect(statusAndCode(await save(api.as('bob'), bobSite, [{ referenceNumber: own }]))).toEqual([
      404,
      'uploads.not_found',
    ]);
  });

  it('refuses bad save bodies with 400, storing nothing', async () => {
    const site = api.siteId('ACME-1001');
    const ref = (await api.as('bob').upload(site, [{ name: 'y.txt', bytes: text('y') }])).body.files[0]!
      .referenceNumber;
    for (const files of [
      [],
      [{ referenceNumber: ref }, { referenceNumber: ref }],
      [{ referenceNumber: ref, title: '   ' }],
      [{ referenceNumber: ref, title: 'line\nbreak' }],
      [{ referenceNumber: ref, title: 'nul\u0000' }],
      [{ referenceNumber: ref, title: 'x'.repeat(201) }],
      [{ referenceNumber: '../../etc/passwd' }],
      [{ referenceNumber: ref, extra: 1 }],
      Array.from({ length: 101 }, () => ({ referenceNumber: ref })),
    ]) {
      const answer = await save(api.as('bob'), site, files as { referenceNumber: string }[]);
      expect([JSON.stringify(files).slice(0, 50), ...statusAndCode(answer)]).toEqual([
        JSON.stringify(files).slice(0, 50),
        400,
        'request.invalid',
      ]);
    }
    const { rows } = await api.db.query<{ state: string }>(
      'SELECT state FROM uploads WHERE reference_number = $1',
      [ref],
    );
    expect(rows).toEqual([{ state: 'pending' }]);
  });
});

describe('GET /t/:tenant/portal/api/files/submitted', () => {
  let site: string;
  beforeAll(async () => {
    site = api.siteId('ACME-1002');
    await submit(api.as('alice'), site, [
      { name: 'alpha.txt', bytes: text('a') },
      { name: '100% "quoted" it\'s.txt', bytes: text('bb') },
      { name: 'under_score.txt', bytes: text('ccc') },
    ]);
  });

  it('sorts by an allowed column, pages and counts', async () => {
    const names = async (query: string) =>
      (await list(api.as('alice'), `siteId=${site}&${query}`)).body.records.map((r) => r.fileName);
    expect(await names('sortBy=size&sortOrder=asc')).toEqual([
      'alpha.txt',
      '100% "quoted" it\'s.txt',
      'under_score.txt',
    ]);
    expect(await names('sortBy=fileName&sortOrder=desc&limit=1&offset=1')).toEqual(['alpha.txt']);
    const page = await list(api.as('alice'), `siteId=${site}&limit=1`);
    expect(page.body.totalRecordCount).toBe(3);
    expect(page.body.records).toHaveLength(1);
    expect((await list(api.as('alice'), `siteId=${site}&offset=10`)).body).toEqual({
      records: [],
      totalRecordCount: 3,
    });
  });

  it('searches as plain text: quotes, % and _ match themselves', async () => {
    const found = async (search: string) =>
      (await list(api.as('alice'), `siteId=${site}&search=${encodeURIComponent(search)}`)).body.records.map(
        (r) => r.fileName,
      );
    expect(await found('%')).toEqual(['100% "quoted" it\'s.txt']);
    expect(await found('"quoted"')).toEqual(['100% "quoted" it\'s.txt']);
    expect(await found("it's")).toEqual(['100% "quoted" it\'s.txt']);
    expect(await found('_')).toEqual(['under_score.txt']);
    expect(await found("' OR '1'='1")).toEqual([]);
    const reference = (await list(api.as('alice'), `siteId=${site}&search=alpha`)).body.records[0]!
      .referenceNumber;
    expect(await found(reference.toLowerCase())).toEqual(['alpha.txt']);
  });

  it('filters by UTC day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const count = async (query: string) =>
      (await list(api.as('alice'), `siteId=${site}&${query}`)).body.totalRecordCount;
    expect(await count(`from=${today}&to=${today}`)).toBe(3);
    expect(await count('to=2020-01-01')).toBe(0);
    expect(await count('from=2999-01-01')).toBe(0);
  });

  it('filters by review status, so the portal can show what was rejected first', async () => {
    const [first] = (await list(api.as('alice'), `siteId=${site}&search=alpha`)).body.records;
    const note = 'Unreadable scan; please send it again.';
    const set = await api
      .as('carol')
      .put(`/t/acme/portal/api/staff/submissions/${first!.id}/status`, { status: 'rejected', note });
    expect(set.status).toBe(200);
    const rejected = await list(api.as('alice'), `siteId=${site}&status=rejected`);
    expect(rejected.body.totalRecordCount).toBe(1);
    expect(rejected.body.records.map((r) => [r.fileName, r.status, r.statusNote])).toEqual([
      ['alpha.txt', 'rejected', note],
    ]);
    const either = await list(api.as('alice'), `siteId=${site}&status=rejected&status=received`);
    expect(either.body.totalRecordCount).toBe(3);
    expect((await list(api.as('alice'), `siteId=${site}&status=accepted`)).body.totalRecordCount).toBe(0);
    // Another client's token for the same site gets the site's 404, not a count.
    expect(statusAndCode(await list(api.as('bob'), `siteId=${site}&status=rejected`))).toEqual([
      404,
      'sites.not_found',
    ]);
  });

  it('answers bad queries with 400 request.invalid, never a 500', async () => {
    for (const query of [
      'status=lost',
      'status=received&status=received&status=received&status=received&status=received',
      'limit=1e9',
      'limit=0',
      'limit=101',
      'offset=-1',
      'offset=1e12',
      'sortBy=password',
      'sortBy=title;DROP TABLE files',
      'sortOrder=sideways',
      'search=%00',
      `search=${'x'.repeat(201)}`,
      'from=2026-13-01',
      'from=26-01-01',
      'from=2026-02-01&to=2026-01-01',
      'unknown=1',
    ]) {
      const answer = await list(api.as('alice'), `siteId=${site}&${query}`);
      expect([query, ...statusAndCode(answer)]).toEqual([query, 400, 'request.invalid']);
    }
    expect(statusAndCode(await list(api.as('alice'), 'siteId=nope'))).toEqual([400, 'request.invalid']);
  });
});

describe('isolation and settings of Submitted Files', () => {
  let bobsFile: string;
  let alicesGlobexFile: string;
  beforeAll(async () => {
    bobsFile = (
      await submit(api.as('bob'), api.siteId('ACME-1001'), [{ name: 'bob.txt', bytes: text('bob') }])
    )[0]!.id;
    alicesGlobexFile = (
      await submit(
        api.as('alice'),
        api.siteId('GLX-2001'),
        [{ name: 'globex.txt', bytes: text('globex') }],
        'globex',
      )
    )[0]!.id;
  });

  it('answers 403 to a token of another tenant on every endpoint', async () => {
    const site = api.siteId('ACME-1001');
    expect(statusAndCode(await list(api.as('dave'), `siteId=${site}`))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    expect(
      statusAndCode(await save(api.as('dave'), site, [{ referenceNumber: 'UP-0000000000000000' }])),
    ).toEqual([403, 'auth.tenant_forbidden']);
    expect(statusAndCode(await download(api.as('dave'), bobsFile))).toEqual([403, 'auth.tenant_forbidden']);
    expect(statusAndCode(await zip(api.as('dave'), [bobsFile]))).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 404 to a client who is not a member of the site, and sends no byte', async () => {
    const site = api.siteId('ACME-1001');
    expect(statusAndCode(await list(api.as('alice'), `siteId=${site}`))).toEqual([404, 'sites.not_found']);
    expect(
      statusAndCode(await save(api.as('alice'), site, [{ referenceNumber: 'UP-0000000000000000' }])),
    ).toEqual([404, 'sites.not_found']);
    for (const answer of [
      await download(api.as('alice'), bobsFile),
      await zip(api.as('alice'), [bobsFile]),
    ]) {
      expect(statusAndCode(answer)).toEqual([404, 'files.not_found']);
      expect(answer.headers.get('content-type')).toContain('application/json');
    }
  });

  it('answers 404 to ids of another tenant, alone or mixed into a zip, and to missing or published ids', async () => {
    const own = (
      await submit(api.as('alice'), api.siteId('ACME-1002'), [{ name: 'mine.txt', bytes: text('m') }])
    )[0]!.id;
    const published = (
      await api.db.query<{ id: string }>(
        "SELECT id FROM files WHERE site_id = $1 AND direction = 'published'",
        [api.siteId('ACME-1002')],
      )
    ).rows[0]!.id;
    // Alice sees the Globex file in Globex, never through Acme.
    expect((await download(api.as('alice'), alicesGlobexFile, 'globex')).status).toBe(200);
    for (const foreign of [alicesGlobexFile, bobsFile, published, randomUUID()]) {
      expect(statusAndCode(await download(api.as('alice'), foreign))).toEqual([404, 'files.not_found']);
      const mixed = await zip(api.as('alice'), [own, foreign]);
      expect(statusAndCode(mixed)).toEqual([404, 'files.not_found']);
      expect(mixed.body.includes(Buffer.from('PK'))).toBe(false);
    }
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [own]);
    expect(statusAndCode(await download(api.as('alice'), own))).toEqual([404, 'files.not_found']);
  });

  it('refuses bad file ids and zip bodies with 400', async () => {
    for (const id of ['1', "x' OR '1'='1", '..%2F..%2Fetc%2Fpasswd']) {
      expect(statusAndCode(await download(api.as('bob'), id))).toEqual([400, 'request.invalid']);
    }
    for (const fileIds of [[], ['nope'], Array.from({ length: 1001 }, () => randomUUID())]) {
      expect(statusAndCode(await zip(api.as('bob'), fileIds))).toEqual([400, 'request.invalid']);
    }
    const once = await zip(api.as('bob'), [bobsFile, bobsFile.toUpperCase()]);
    expect(readZip(once.body).map((e) => e.name)).toEqual(['bob.txt']);
  });

  it('follows portalFilesView, internalFilesDownload and internalFilesUpload for clients, not for staff', async () => {
    const site = api.siteId('ACME-1001');
    const pending = (await api.as('bob').upload(site, [{ name: 'p.txt', bytes: text('p') }])).body.files[0]!
      .referenceNumber;
    // As the firm's staff set them in the control panel; each call replaces the site's overrides.
    const siteSettings = `/t/acme/portal/api/staff/sites/${site}/file-area-settings`;
    const settings = async (flags: Record<string, boolean>) => {
      const cleared = { portalFilesView: null, internalFilesDownload: null, internalFilesUpload: null };
      const changed = await api.as('carol').patch(siteSettings, {
        ...cleared,
        ...flags,
      });
      expect(changed.status).toBe(200);
    };
    try {
      // Listed once with the settings as they were: the change below must still bite on the very next call.
      expect((await list(api.as('bob'), `siteId=${site}`)).status).toBe(200);
      await settings({ portalFilesView: false });
      expect(statusAndCode(await list(api.as('bob'), `siteId=${site}`))).toEqual([403, 'settings.forbidden']);
      expect(statusAndCode(await download(api.as('bob'), bobsFile))).toEqual([403, 'settings.forbidden']);
      expect(statusAndCode(await zip(api.as('bob'), [bobsFile]))).toEqual([403, 'settings.forbidden']);
      expect((await list(api.as('carol'), `siteId=${site}`)).status).toBe(200);
      expect((await download(api.as('carol'), bobsFile)).status).toBe(200);

      await settings({ internalFilesDownload: false });
      const refused = await download(api.as('bob'), bobsFile);
      expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
      expect(refused.body.toString()).toContain('internalFilesDownload');
      expect(statusAndCode(await zip(api.as('bob'), [bobsFile]))).toEqual([403, 'settings.forbidden']);
      // Staff review what clients send whatever the clients' own download setting says.
      expect((await download(api.as('carol'), bobsFile)).status).toBe(200);

      await settings({ internalFilesUpload: false });
      expect(statusAndCode(await save(api.as('bob'), site, [{ referenceNumber: pending }]))).toEqual([
        403,
        'settings.forbidden',
      ]);
    } finally {
      expect((await api.as('carol').delete(siteSettings)).status).toBe(200);
    }
    expect((await list(api.as('bob'), `siteId=${site}`)).status).toBe(200);
    expect((await save(api.as('bob'), site, [{ referenceNumber: pending }])).status).toBe(201);
  });
});
