import type { UploadScan, UploadScans } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const uploadScansApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET file-storage api/files/scans`: the virus scan of the caller's own uploads (decision 43). */
    getUploadScans: build.query<UploadScans, { tenant: string | null; referenceNumbers: readonly string[] }>({
      query: ({ referenceNumbers }) => ({
        service: 'file-storage',
        url: withQuery('api/files/scans', { referenceNumbers }),
      }),
    }),
  }),
});

/**
 * The scans of these uploads by reference number, asked again every second while any of them is still being
 * checked ("Checking for viruses…"); nothing is asked for none.
 */
export function useUploadScans(tenant: string | null, referenceNumbers: readonly string[]) {
  const sorted = [...new Set(referenceNumbers)].sort().slice(0, 100);
  const { data } = uploadScansApi.useGetUploadScansQuery(
    { tenant, referenceNumbers: sorted },
    { skip: sorted.length === 0 },
  );
  const scans = new Map<string, UploadScan>((data?.scans ?? []).map((s) => [s.referenceNumber, s]));
  const checking = sorted.some((r) => (scans.get(r)?.state ?? 'scanning') === 'scanning');
  uploadScansApi.useGetUploadScansQuery(
    { tenant, referenceNumbers: sorted },
    { skip: sorted.length === 0 || !checking, pollingInterval: 1000 },
  );
  return scans;
}
