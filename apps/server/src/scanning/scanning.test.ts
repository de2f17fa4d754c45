import { createHash, randomBytes } from 'node:crypto';
import type {
  DocumentRequest,
  QuarantineList,
  Readiness,
  ScannerStatus,
  UploadScans,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, useTestApi } from '../testing/api.ts';
import { EICAR, EICAR_NAME, EICAR_SIGNATURE, startTestClamd } from '../testing/clamd.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

// The real scanner: Debian's clamd with a signature database this file writes (EICAR, and later one more).
const clamd = await startTestClamd();
const smtp = await startTestSmtpServer();
afterAll(async () => {
  await clamd.close();
  await smtp.close();
});
const api = useTestApi({
  env: {
    CLAMD_URL: clamd.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'portal@example.com',
    METRICS_TOKEN: 'm'.repeat(32),
  },
});

const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

let bakery: string;
beforeAll(() => {
  bakery = api.siteId('ACME-1001');
});

const scansOf = (client: ApiClient, references: readonly string[], tenant = 'acme') =>
  client.get<UploadScans>(
    `/t/${tenant}/file-storage/api/files/scans?${references.map((r) => `referenceNumbers=${r}`).join('&')}`,
  );

/** Waits until the uploads are no longer `scanning`, and answers their scans. */
async function settled(client: ApiClient, references: readonly string[], tenant = 'acme', timeout = 20_000) {
  let scans: UploadScans['scans'] = [];
  await vi.waitFor(
    async () => {
      scans = (await scansOf(client, references, tenant)).body.scans;
      expect(scans).toHaveLength(references.length);
      expect(scans.every((s) => s.state !== 'scanning')).toBe(true);
    },
    { timeout, interval: 100 },
  );
  return scans;
}

const save = (client: ApiClient, references: readonly string[]) =>
  client.post<{ records: { id: string }[] }>('/t/acme/portal/api/files', {
    siteId: bakery,
    files: references.map((referenceNumber) => ({ referenceNumber })),
  });

const staffSubmissions = () =>
  api
    .as('carol')
    .get<{ records: { id: string; fileName: string }[] }>('/t/acme/portal/api/staff/submissions?limit=100');
const clientSubmitted = () =>
  api
    .as('bob')
    .get<{ records: { id: string }[] }>(`/t/acme/portal/api/files/submitted?siteId=${bakery}&limit=100`);
const publishedToBob = () =>
  api
    .as('bob')
    .get<{ records: { id: string; fileName: string }[]; totalRecordCount: number }>(
      `/t/acme/file-management/api/files/published-files?siteId=${bakery}&limit=100`,
    );

async function tusUpload(client: ApiClient, bytes: Buffer, name: string): Promise<string> {
  const b64 = (value: string) => Buffer.from(value).toString('base64');
  const created = await client.raw('/t/acme/file-storage/api/uploads/tus', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(name)},filetype ${b64('text/plain')},siteId ${b64(bakery)}`,
    },
  });
  expect(created.status).toBe(201);
  const patched = await client.raw(created.headers.get('location')!, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(patched.status).toBe(204);
  return patched.headers.get('upload-reference-number')!;
}

describe('every incoming file is scanned by clamd before the other side sees it', () => {
  it('a clean multipart upload is "scanning", then clean, and the firm sees and downloads it once saved', async () => {
    const bytes = PDF_BYTES('clean statement');
    const [reference] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'statement.pdf', bytes, type: 'application/pdf' },
    ]);
    const [scan] = await settled(api.as('bob'), [reference!]);
    expect(scan).toEqual({ referenceNumber: reference, state: 'clean', released: true });
    const saved = await save(api.as('bob'), [reference!]);
    expect(saved.status).toBe(201);
    const id = saved.body.records[0]!.id;
    expect((await staffSubmissions()).body.records.map((r) => r.id)).toContain(id);
    const download = await api.as('carol').bytes(`/t/acme/portal/api/staff/submissions/${id}/download`);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, Buffer.from(bytes))).toBe(0);
  });

  it('EICAR by multipart is refused with the signature, quarantined, mailed to staff, audited, and nowhere to be had', async () => {
    const [reference] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'invoice.txt', bytes: EICAR, type: 'text/plain' },
    ]);
    const [scan] = await settled(api.as('bob'), [reference!]);
    expect(scan).toEqual({
      referenceNumber: reference,
      state: 'infected',
      signature: EICAR_NAME,
      released: false,
    });
    // Saving is allowed (the client may have saved while it was scanned), but the file never reaches anyone.
    const saved = await save(api.as('bob'), [reference!]);
    expect(saved.status).toBe(201);
    const id = saved.body.records[0]!.id;
    expect((await staffSubmissions()).body.records.map((r) => r.id)).not.toContain(id);
    expect((await clientSubmitted()).body.records.map((r) => r.id)).not.toContain(id);
    for (const path of [`${id}/download`, `${id}/preview`]) {
      const fetched = await api.as('carol').get(`/t/acme/portal/api/staff/submissions/${path}`);
      expect(fetched.status).toBe(404);
    }
    const zip = await api.as('carol').post('/t/acme/portal/api/staff/submissions/zip', { fileIds: [id] });
    expect(zip.status).toBe(404);
    const clientZip = await api.as('bob').post('/t/acme/portal/api/files/submitted/zip', { fileIds: [id] });
    expect(clientZip.status).toBe(404);

    // The bytes left their place: only the quarantine holds them.
    const { rows } = await api.db.query<{ blob_key: string; quarantine_key: string }>(
      'SELECT blob_key, quarantine_key FROM blob_scans WHERE signature IS NOT NULL AND file_name = $1',
      ['invoice.txt'],
    );
    expect(rows[0]!.quarantine_key).toBe(`quarantine/${rows[0]!.blob_key}`);

    const quarantine = await api
      .as('carol')
      .get<QuarantineList>('/t/acme/file-management/api/staff/quarantine');
    const entry = quarantine.body.records.find((r) => r.fileName === 'invoice.txt');
    expect(entry).toMatchObject({
      signature: EICAR_NAME,
      size: EICAR.length,
      uploadedBy: { name: 'Bob Baker' },
    });

    const [mail] = await smtp.waitForMails(1, 20_000);
    expect(mail!.to).toEqual(['carol@acme.example']);
    expect(mail!.parsed.subject).toBe('Malware found and quarantined: invoice.txt');
    expect(mail!.parsed.text).toContain(EICAR_NAME);

    const audit = await api
      .as('carol')
      .get<{ records: { action: string; detail: Record<string, unknown> }[] }>(
        '/t/acme/user/api/staff/audit-events?action=file.quarantine',
      );
    expect(audit.body.records[0]).toMatchObject({
      action: 'file.quarantine',
      detail: { signature: EICAR_NAME },
    });

    // Staff delete it at once: the bytes go, the deletion is audited, the list forgets it.
    const deleted = await api.as('carol').delete(`/t/acme/file-management/api/staff/quarantine/${entry!.id}`);
    expect(deleted.status).toBe(204);
    const after = await api.as('carol').get<QuarantineList>('/t/acme/file-management/api/staff/quarantine');
    expect(after.body.records.map((r) => r.id)).not.toContain(entry!.id);
  });

  it('EICAR by tus is refused the same way', async () => {
    const reference = await tusUpload(api.as('bob'), EICAR, 'notes.txt');
    const [scan] = await settled(api.as('bob'), [reference]);
    expect(scan).toMatchObject({ state: 'infected', signature: EICAR_NAME });
  });

  it('a file staff publish reaches the clients only when clean', async () => {
    const [clean, infected] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'clean-letter.pdf', bytes: PDF_BYTES('letter'), type: 'application/pdf' },
      { name: 'bad-letter.txt', bytes: EICAR, type: 'text/plain' },
    ]);
    const published = await api.as('carol').post('/t/acme/file-management/api/staff/published-files', {
      siteId: bakery,
      files: [{ referenceNumber: clean }, { referenceNumber: infected }],
    });
    expect(published.status).toBe(201);
    await settled(api.as('carol'), [clean!, infected!]);
    const names = (await publishedToBob()).body.records.map((r) => r.fileName);
    expect(names).toContain('clean-letter.pdf');
    expect(names).not.toContain('bad-letter.txt');
    // The unfiltered count (the site's counter less the held files) agrees with the list.
    const list = await publishedToBob();
    expect(list.body.totalRecordCount).toBe(list.body.records.length);
  });

  it('a file sent against a request item is scanned: EICAR never reaches the item the firm reviews', async () => {
    const created = await api
      .as('carol')
      .post<{ records: DocumentRequest[] }>('/t/acme/portal/api/staff/requests', {
        siteIds: [bakery],
        title: 'Tax return',
        dueDate: '2030-01-31',
        items: [{ name: 'P60', required: true, multiple: true }],
      });
    expect(created.status).toBe(201);
    const request = created.body.records[0]!;
    const [bad, good] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'p60-infected.txt', bytes: EICAR, type: 'text/plain' },
      { name: 'p60.pdf', bytes: PDF_BYTES('p60'), type: 'application/pdf' },
    ]);
    const sent = await api
      .as('bob')
      .post(`/t/acme/portal/api/requests/${request.id}/items/${request.items[0]!.id}/files`, {
        referenceNumbers: [bad, good],
      });
    expect(sent.status).toBe(200);
    const scans = await settled(api.as('bob'), [bad!, good!]);
    expect(scans.find((s) => s.referenceNumber === bad)).toMatchObject({ state: 'infected' });
    const staffView = await api
      .as('carol')
      .get<DocumentRequest>(`/t/acme/portal/api/staff/requests/${request.id}`);
    const item = staffView.body.items[0]!;
    expect(item.files.map((f) => f.fileName)).toEqual(['p60.pdf']);
  });

  it('a scan result never crosses tenants: the same bytes are scanned, judged and listed per firm', async () => {
    const glx = api.siteId('GLX-2001');
    const uploaded = await api.as('alice').upload(glx, [{ name: 'g.txt', bytes: EICAR }], 'globex');
    const globexRef = uploaded.body.files[0]!.referenceNumber;
    // Not through acme, whatever the reference.
    expect((await scansOf(api.as('carol'), [globexRef])).body.scans).toEqual([]);
    await settled(api.as('alice'), [globexRef], 'globex');
    const acme = await api.as('carol').get<QuarantineList>('/t/acme/file-management/api/staff/quarantine');
    expect(acme.body.records.map((r) => r.fileName)).not.toContain('g.txt');
    const globex = await api.as('dave').get<QuarantineList>('/t/globex/file-management/api/staff/quarantine');
    const entry = globex.body.records.find((r) => r.fileName === 'g.txt')!;
    expect(entry).toBeDefined();
    // Acme's staff cannot delete globex's quarantined file by its id.
    const foreign = await api.as('carol').delete(`/t/acme/file-management/api/staff/quarantine/${entry.id}`);
    expect(foreign.status).toBe(404);
  });

  it('metrics count scans and hits; readyz names the scanner; the control panel sees it answer', async () => {
    const metrics = await api.anonymous.request('GET', '/metrics', undefined, {
      authorization: `Bearer ${'m'.repeat(32)}`,
    });
    const text = String(metrics.body);
    expect(Number(/portico_scans_total (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    expect(Number(/portico_scan_hits_total (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toContain('portico_scan_seconds_total');
    const ready = await api.anonymous.get<Readiness>('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks.scanner).toBe('ok');
    const status = await api.as('carol').get<ScannerStatus>('/t/acme/file-management/api/staff/scanner');
    expect(status.body).toMatchObject({ enabled: true, available: true });
  });

  it('with clamd down, uploads wait as scanning, the firm cannot have them, readyz fails; they clear when it returns', async () => {
    await clamd.stop();
    try {
      const bytes = PDF_BYTES('while down');
      const [reference] = await uploadReferences(api.as('bob'), bakery, [
        { name: 'while-down.pdf', bytes, type: 'application/pdf' },
      ]);
      const saved = await save(api.as('bob'), [reference!]);
      const id = saved.body.records[0]!.id;
      // Tried and failed at least once (its back-off started), and still scanning: never silently clean.
      await vi.waitFor(
        async () => {
          const { rows } = await api.db.query<{ failures: number }>(
            "SELECT failures FROM blob_scans WHERE file_name = 'while-down.pdf'",
          );
          expect(rows[0]!.failures).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 200 },
      );
      expect((await scansOf(api.as('bob'), [reference!])).body.scans[0]!.state).toBe('scanning');
      expect((await staffSubmissions()).body.records.map((r) => r.id)).not.toContain(id);
      expect((await api.as('carol').get(`/t/acme/portal/api/staff/submissions/${id}/download`)).status).toBe(
        404,
      );
      const ready = await api.anonymous.get<Readiness>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.scanner).toBe('failed');
      const status = await api.as('carol').get<ScannerStatus>('/t/acme/file-management/api/staff/scanner');
      expect(status.body).toMatchObject({ enabled: true, available: false });
      expect(status.body.waiting).toBeGreaterThan(0);

      await clamd.start();
      const started = Date.now();
      await settled(api.as('bob'), [reference!], 'acme', 60_000);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect((await api.as('carol').get(`/t/acme/portal/api/staff/submissions/${id}/download`)).status).toBe(
        200,
      );
    } finally {
      await clamd.start();
    }
  });

  it('a rescan with a new signature quarantines a file that was clean', async () => {
    const bytes = randomBytes(4096);
    const [reference] = await uploadReferences(api.as('carol'), bakery, [{ name: 'later.bin', bytes }]);
    await api.as('carol').post('/t/acme/file-management/api/staff/published-files', {
      siteId: bakery,
      files: [{ referenceNumber: reference }],
    });
    expect((await settled(api.as('carol'), [reference!]))[0]!.state).toBe('clean');
    expect((await publishedToBob()).body.records.map((r) => r.fileName)).toContain('later.bin');

    // freshclam brought a signature for these bytes.
    await clamd.stop();
    await clamd.start([EICAR_SIGNATURE, `${md5Of(bytes)}:${bytes.length}:Portico-Test-Later`]);
    const { requestRescan } = await import('./scans.repository.ts');
    expect(await requestRescan(api.db)).toBeGreaterThan(0);

    const [scan] = await settled(api.as('carol'), [reference!]);
    await vi.waitFor(
      async () =>
        expect((await scansOf(api.as('carol'), [reference!])).body.scans[0]!.state).toBe('infected'),
      { timeout: 30_000, interval: 200 },
    );
    expect(scan).toBeDefined();
    expect((await publishedToBob()).body.records.map((r) => r.fileName)).not.toContain('later.bin');
  }, 60_000);
});
