import { randomUUID } from 'node:crypto';
import {
  FILE_PREVIEW_AUDIT_ACTION,
  type PublishedFileList,
  type PublishedFilesResult,
} from '@portico/contracts';
import { parse } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawMarkPng } from '../db/seed/demo-images.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly, PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';
import { sha256, type TestFile } from '../testing/uploads.ts';

const api = useTestApi();
let bakery: string;

const PUBLISHED = '/t/acme/file-management/api/files/published-files';
const SUBMITTED = '/t/acme/portal/api/files/submitted';
const preview = (
  client: ApiClient,
  base: string,
  id: string,
  init: { method?: string; headers?: Record<string, string> } = {},
) => client.bytes(`${base}/${id}/preview`, init);

const PNG = drawMarkPng(32, 'triangle', '0958d9', 'ffffff');

/** Carol publishes files to Bob's Bakery, as the control panel does; answers their ids. */
async function publish(files: readonly TestFile[]): Promise<string[]> {
  const references = await uploadReferences(api.as('carol'), bakery, files);
  const published = await api
    .as('carol')
    .post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', {
      siteId: bakery,
      files: references.map((referenceNumber) => ({ referenceNumber })),
    });
  expect(published.status).toBe(201);
  return published.body.records.map((r) => r.id);
}

const previewEvents = async (fileId: string) =>
  (
    await api.db.query<{ user_id: string; detail: Record<string, unknown> }>(
      'SELECT user_id, detail FROM audit_events WHERE file_id = $1 AND action = $2 ORDER BY occurred_at',
      [fileId, FILE_PREVIEW_AUDIT_ACTION],
    )
  ).rows;

const isNew = async (client: ApiClient, fileId: string) =>
  (await client.get<PublishedFileList>(PUBLISHED, { siteId: bakery, limit: 100 })).body.records.find(
    (r) => r.id === fileId,
  )!.isNew;

async function withSettings(flags: Record<string, boolean>, run: () => Promise<void>) {
  await api.db.query(
    `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)
     ON CONFLICT (tenant_code, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid))
     DO UPDATE SET settings = EXCLUDED.settings`,
    [bakery, JSON.stringify(flags)],
  );
  try {
    await run();
  } finally {
    await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [bakery]);
  }
}

beforeAll(() => {
  bakery = api.siteId('ACME-1001');
});

describe('GET …/published-files/:id/preview', () => {
  it('serves a PDF inline with the download headers, audits it, and the file is no longer new for that user', async () => {
    const bytes = PDF_BYTES('Preview me');
    const [id] = await publish([{ name: 'Résumé 2026.pdf', bytes, type: 'application/pdf' }]);
    expect(await isNew(api.as('bob'), id!)).toBe(true);

    const answer = await preview(api.as('bob'), PUBLISHED, id!);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(Buffer.from(bytes))).toBe(true);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      etag: `"${sha256(bytes)}"`,
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; frame-ancestors 'none'",
      'cache-control': 'private, no-store',
    });
    const disposition = parse(answer.headers.get('content-disposition')!);
    expect(disposition).toMatchObject({ type: 'inline', parameters: { filename: 'Résumé 2026.pdf' } });

    expect(await isNew(api.as('bob'), id!)).toBe(false);
    expect(await isNew(api.as('carol'), id!)).toBe(true);
    const events = await previewEvents(id!);
    expect(events).toEqual([
      {
        user_id: await api.userId('bob'),
        detail: { fileName: 'Résumé 2026.pdf', contentType: 'application/pdf', size: bytes.length },
      },
    ]);
  });

  it('answers ranges and conditional requests as the download does; only a read from the start is audited', async () => {
    const bytes = PDF_BYTES('x'.repeat(2000));
    const [id] = await publish([{ name: 'long.pdf', bytes, type: 'application/pdf' }]);
    const middle = await preview(api.as('bob'), PUBLISHED, id!, { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(middle.body.equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true);
    expect(await previewEvents(id!)).toHaveLength(0);
    expect(await isNew(api.as('bob'), id!)).toBe(true);

    const head = await preview(api.as('bob'), PUBLISHED, id!, { method: 'HEAD' });
    expect([head.status, head.body.length, head.headers.get('content-length')]).toEqual([
      200,
      0,
      String(bytes.length),
    ]);
    const unchanged = await preview(api.as('bob'), PUBLISHED, id!, {
      headers: { 'if-none-match': `"${sha256(bytes)}"` },
    });
    expect(unchanged.status).toBe(304);
    expect(await previewEvents(id!)).toHaveLength(0);

    const first = await preview(api.as('bob'), PUBLISHED, id!, { headers: { range: 'bytes=0-1023' } });
    expect(first.status).toBe(206);
    expect(await previewEvents(id!)).toHaveLength(1);
    expect(await isNew(api.as('bob'), id!)).toBe(false);
  });

  it('serves images by the type their bytes are, and refuses what is not a previewable type with 415', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const [png, misnamed, disguised, text, svg, empty] = await publish([
      { name: 'scan.png', bytes: PNG, type: 'image/png' },
      // A PNG saved as .jpg: listed as image/jpeg, shown as what it is.
      { name: 'photo.jpg', bytes: PNG, type: 'image/jpeg' },
      { name: 'page.png', bytes: html, type: 'image/png' },
      { name: 'notes.txt', bytes: new TextEncoder().encode('%PDF- not really'), type: 'text/plain' },
      { name: 'logo.svg', bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'empty.pdf', bytes: new Uint8Array(0), type: 'application/pdf' },
    ]);
    const image = await preview(api.as('bob'), PUBLISHED, png!);
    expect([image.status, image.type]).toEqual([200, 'image/png']);
    expect(image.body.equals(PNG)).toBe(true);
    const renamed = await preview(api.as('bob'), PUBLISHED, misnamed!);
    expect([renamed.status, renamed.type]).toEqual([200, 'image/png']);

    for (const id of [disguised, text, svg, empty]) {
      const refused = await preview(api.as('bob'), PUBLISHED, id!);
      expect(statusAndCode(refused)).toEqual([415, 'files.preview_unsupported']);
      expect(refused.type).toContain('application/json');
      expect(refused.body.includes(Buffer.from('<script'))).toBe(false);
      expect(await previewEvents(id!)).toHaveLength(0);
      expect(await isNew(api.as('bob'), id!)).toBe(true);
    }
  });

  it('needs internalFilesView and portalFilesView for clients, not internalFilesDownload; staff are not bound', async () => {
    const [id] = await publish([
      { name: 'settings.pdf', bytes: PDF_BYTES('settings'), type: 'application/pdf' },
    ]);
    await withSettings(
      { portalFilesView: true, internalFilesView: false, internalFilesDownload: true },
      async () => {
        const refused = await preview(api.as('bob'), PUBLISHED, id!);
        expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
        expect(refused.body.toString()).toContain('internalFilesView');
        expect((await api.as('bob').bytes(`${PUBLISHED}/${id}`)).status).toBe(200);
        expect((await preview(api.as('carol'), PUBLISHED, id!)).status).toBe(200);
      },
    );
    await withSettings(
      { portalFilesView: true, internalFilesView: true, internalFilesDownload: false },
      async () => {
        expect((await preview(api.as('bob'), PUBLISHED, id!)).status).toBe(200);
        expect(statusAndCode(await api.as('bob').bytes(`${PUBLISHED}/${id}`))).toEqual([
          403,
          'settings.forbidden',
        ]);
      },
    );
    await withSettings({ portalFilesView: false, internalFilesView: true }, async () => {
      const refused = await preview(api.as('bob'), PUBLISHED, id!);
      expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
      expect(refused.body.toString()).toContain('portalFilesView');
    });
  });

  it("answers 404 for another site's, another tenant's, a submitted, a deleted or a missing file; 401 without a token", async () => {
    const [id] = await publish([{ name: 'bob only.pdf', bytes: PDF_BYTES('bob'), type: 'application/pdf' }]);
    const [submitted] = await submitFiles(api.as('bob'), bakery, [
      { name: 'sent.pdf', bytes: PDF_BYTES('sent'), type: 'application/pdf' },
    ]);
    const globex = (
      await api.db.query<{ id: string }>(
        `SELECT id FROM files WHERE tenant_code = 'globex' AND direction = 'published' LIMIT 1`,
      )
    ).rows[0]!.id;
    expect(statusAndCode(await preview(api.as('alice'), PUBLISHED, id!))).toEqual([404, 'files.not_found']);
    for (const foreign of [globex, submitted!, randomUUID()]) {
      expect(statusAndCode(await preview(api.as('bob'), PUBLISHED, foreign))).toEqual([
        404,
        'files.not_found',
      ]);
    }
    expect(statusAndCode(await preview(api.as('dave'), PUBLISHED, id!))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    expect(statusAndCode(await preview(api.anonymous, PUBLISHED, id!))).toEqual([401, 'auth.token_missing']);
    expect(statusAndCode(await preview(api.as('bob'), PUBLISHED, 'not-a-uuid'))).toEqual([
      400,
      'request.invalid',
    ]);
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [id]);
    expect(statusAndCode(await preview(api.as('bob'), PUBLISHED, id!))).toEqual([404, 'files.not_found']);
    expect(await previewEvents(id!)).toHaveLength(0);
  });
});

describe('GET …/submitted/:id/preview', () => {
  it('serves a submitted image to its site, under the same rules, and not to another client', async () => {
    const [id, text] = await submitFiles(api.as('bob'), bakery, [
      { name: 'receipt.png', bytes: PNG, type: 'image/png' },
      { name: 'receipt.txt', bytes: new TextEncoder().encode('paid'), type: 'text/plain' },
    ]);
    const answer = await preview(api.as('bob'), SUBMITTED, id!);
    expect([answer.status, answer.type]).toEqual([200, 'image/png']);
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename=receipt.png;/);
    expect(answer.headers.get('content-security-policy')).toBe("sandbox; frame-ancestors 'none'");
    expect(await previewEvents(id!)).toHaveLength(1);
    expect(statusAndCode(await preview(api.as('bob'), SUBMITTED, text!))).toEqual([
      415,
      'files.preview_unsupported',
    ]);
    expect(statusAndCode(await preview(api.as('alice'), SUBMITTED, id!))).toEqual([404, 'files.not_found']);
    await withSettings({ portalFilesView: true, internalFilesView: false }, async () => {
      expect(statusAndCode(await preview(api.as('bob'), SUBMITTED, id!))).toEqual([
        403,
        'settings.forbidden',
      ]);
    });
  });
});

describe('staff previews', () => {
  it('serve any published or submitted file of the firm, whatever the settings, to staff only', async () => {
    const [published] = await publish([
      { name: 'staff.pdf', bytes: PDF_BYTES('staff'), type: 'application/pdf' },
    ]);
    const [submitted] = await submitFiles(api.as('bob'), bakery, [
      { name: 'in.png', bytes: PNG, type: 'image/png' },
    ]);
    await withSettings({ portalFilesView: false, internalFilesView: false }, async () => {
      const pdf = await api
        .as('carol')
        .bytes(`/t/acme/file-management/api/staff/published-files/${published}/preview`);
      expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
      const png = await api.as('carol').bytes(`/t/acme/portal/api/staff/submissions/${submitted}/preview`);
      expect([png.status, png.type]).toEqual([200, 'image/png']);
    });
    const carol = await api.userId('carol');
    expect((await previewEvents(submitted!)).map((e) => [e.user_id, e.detail.staff])).toEqual([
      [carol, true],
    ]);
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/file-management/api/staff/published-files/${published}/preview`,
      foreignIdCode: 'files.not_found',
    });
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/portal/api/staff/submissions/${submitted}/preview`,
      foreignIdCode: 'files.not_found',
    });
  });
});
