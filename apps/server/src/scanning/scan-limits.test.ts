import { randomBytes } from 'node:crypto';
import type { UploadScans } from '@portico/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { startTestClamd } from '../testing/clamd.ts';
import { uploadReferences } from '../testing/staff-access.ts';

// clamd reads at most 1 MiB of a stream here; the server keeps what it could not scan from the firm.
const clamd = await startTestClamd({ streamMaxLength: '1M' });
afterAll(() => clamd.close());
const api = useTestApi({ env: { CLAMD_URL: clamd.url, SCAN_UNSCANNED: 'block' } });

describe('a file over the scanner’s limit follows SCAN_UNSCANNED', () => {
  it('with block, it is unscanned and kept from the firm; a small one passes', async () => {
    const bakery = api.siteId('ACME-1001');
    const [large, small] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'large.bin', bytes: randomBytes(3 * 1024 * 1024) },
      { name: 'small.bin', bytes: randomBytes(1000) },
    ]);
    let scans: UploadScans['scans'] = [];
    await vi.waitFor(
      async () => {
        scans = (
          await api
            .as('bob')
            .get<UploadScans>(
              `/t/acme/file-storage/api/files/scans?referenceNumbers=${large}&referenceNumbers=${small}`,
            )
        ).body.scans;
        expect(scans.map((s) => s.state).sort()).toEqual(['clean', 'unscanned']);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(scans.find((s) => s.referenceNumber === large)).toEqual({
      referenceNumber: large,
      state: 'unscanned',
      released: false,
    });
    const saved = await api.as('bob').post<{ records: { id: string }[] }>('/t/acme/portal/api/files', {
      siteId: bakery,
      files: [{ referenceNumber: large }, { referenceNumber: small }],
    });
    const [largeId, smallId] = saved.body.records.map((r) => r.id);
    const listed = await api
      .as('carol')
      .get<{ records: { id: string }[] }>('/t/acme/portal/api/staff/submissions?limit=100');
    const ids = listed.body.records.map((r) => r.id);
    expect(ids).toContain(smallId);
    expect(ids).not.toContain(largeId);
    expect(
      (await api.as('carol').get(`/t/acme/portal/api/staff/submissions/${largeId}/download`)).status,
    ).toBe(404);
  });
});
