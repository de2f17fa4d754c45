import type { ScannerStatus } from '@portico/contracts';
import { Notice } from '@portico/web-shell';
import { controlPanelApi, watchStaffRefusal } from '../api/control-panel-api.ts';
import { useTenant } from '../hooks/use-tenant.ts';

const scannerApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** Whether files are scanned, and whether clamd answers (`GET file-management api/staff/scanner`). */
    getScannerStatus: build.query<ScannerStatus, { tenant: string }>({
      query: () => ({ service: 'file-management', url: 'api/staff/scanner' }),
      onQueryStarted: watchStaffRefusal,
    }),
  }),
});

/**
 * The virus scanner's state where staff meet files (decision 43): a warning while clamd does not answer (new
 * files wait, unseen), and, with `showOff`, that scanning is off (CLAMD_URL unset). Asked again every 30 s.
 */
export function ScannerNotice({ showOff = false }: { showOff?: boolean }) {
  const { tenant, ready } = useTenant();
  const { data } = scannerApi.useGetScannerStatusQuery({ tenant }, { skip: !ready, pollingInterval: 30_000 });
  if (!data) return null;
  if (!data.enabled)
    return showOff ? (
      <Notice tone="info" title="Virus scanning is off" data-testid="scanner-notice" data-state="off">
        Files are not scanned for malware: the server runs without CLAMD_URL. Files clients send are{' '}
        {data.unscannedPolicy === 'allow' ? 'shown with a “not scanned” mark' : 'kept from the firm'}.
      </Notice>
    ) : null;
  if (data.available) return null;
  return (
    <Notice
      tone="warning"
      title="The virus scanner does not answer"
      data-testid="scanner-notice"
      data-state="down"
    >
      {data.waiting === 1 ? '1 file waits' : `${data.waiting} files wait`} to be checked for viruses; nobody
      can open them until the scanner is back. Ask your administrator to check clamd.
    </Notice>
  );
}
