import { randomBytes } from 'node:crypto';
import type { FileVersionList, PublishedFileList, UploadResponse } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleInfected, settleScan } from '../scanning/scans.repository.ts';
import { useTestApi } from '../testing/api.ts';
import { sha256 } from '../testing/uploads.ts';

/**
 * A new version and the virus scan (decision 49): until the scan releases the new version's bytes, the file keeps
 * its current version, listed, downloadable, and the versions list does not show the new one; the release (as the
 * scan job settles it) makes it current in the same transaction; a quarantined version never becomes current.
 * SCAN_UNSCANNED=block holds every upload, as a scanner that has not answered yet does.
 */

const api = useTestApi({ env: { SCAN_UNSCANNED: 'block' } });
const FM = '/t/acme/file-management/api';

let file: { id: string };
let v1: Buffer;

async function uploadVersion(bytes: Uint8Array) {
  const form = new FormData();
  form.append('fileId', file.id);
  form.append('file', new File([bytes], 'new.pdf', { type: 'application/pdf' }));
  const response = await api
    .as('carol')
    .raw('/t/acme/file-storage/api/files', { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as UploadResponse).files[0]!;
}

/** The file as a client sees it: its list row's version and the bytes a download sends. */
async function seenByBob() {
  const list = await api
    .as('bob')
    .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: api.siteId('ACME-1001') });
  const row = list.body.records.find((r) => r.id === file.id);
  const bytes = (await api.as('bob').bytes(`${FM}/files/published-files/${file.id}`)).body;
  const versions = (await api.as('bob').get<FileVersionList>(`${FM}/files/${file.id}/versions`)).body.records;
  return { version: row?.version, sha256: sha256(bytes), versions: versions.map((v) => v.version) };
}

async function scanOf(referenceNumber: string) {
  const { rows } = await api.db.query<{ id: string }>(
    'SELECT s.id FROM blob_scans s JOIN uploads u ON u.blob_key = s.blob_key WHERE u.reference_number = $1',
    [referenceNumber],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  const list = await api
    .as('carol')
    .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: api.siteId('ACME-1001') });
  file = list.body.records[0]!;
  v1 = (await api.as('carol').bytes(`${FM}/files/published-files/${file.id}`)).body;
  await api
    .as('carol')
    .patch(`/t/acme/portal/api/staff/sites/${api.siteId('ACME-1001')}/file-area-settings`, {
      internalFilesViewVersionHistory: true,
    });
});

describe('a new version still being scanned', () => {
  it('leaves the current version listed and downloadable until the scan releases it, then is current', async () => {
    const v2 = randomBytes(50_000);
    const uploaded = await uploadVersion(v2);
    expect(uploaded.version).toBe(2);
    expect(await seenByBob()).toEqual({ version: 1, sha256: sha256(v1), versions: [1] });
    expect((await api.as('bob').get(`${FM}/files/${file.id}/versions/2`)).status).toBe(404);

    const id = await scanOf(uploaded.referenceNumber);
    await api.db.withTenant('acme', (tx) => settleScan(tx, id, { state: 'clean', held: false }));
    expect(await seenByBob()).toEqual({ version: 2, sha256: sha256(v2), versions: [2, 1] });
  });

  it('an infected version never becomes current; a later clean one does, and an older one released after it does not go back', async () => {
    const infected = await uploadVersion(randomBytes(20_000));
    const older = await uploadVersion(randomBytes(20_000));
    const newer = randomBytes(20_000);
    const newest = await uploadVersion(newer);
    expect([infected.version, older.version, newest.version]).toEqual([3, 4, 5]);
    const before = await seenByBob();
    const [infectedScan, olderScan, newestScan] = [
      await scanOf(infected.referenceNumber),
      await scanOf(older.referenceNumber),
      await scanOf(newest.referenceNumber),
    ];

    await api.db.withTenant('acme', (tx) =>
      settleInfected(tx, infectedScan, 'Eicar-Test-Signature', 'quarantine/x'),
    );
    expect(await seenByBob()).toEqual(before);
    await api.db.withTenant('acme', (tx) => settleScan(tx, newestScan, { state: 'clean', held: false }));
    expect(await seenByBob()).toEqual({ version: 5, sha256: sha256(newer), versions: [5, 2, 1] });
    await api.db.withTenant('acme', (tx) => settleScan(tx, olderScan, { state: 'clean', held: false }));
    expect(await seenByBob()).toEqual({ version: 5, sha256: sha256(newer), versions: [5, 4, 2, 1] });
  });
});
