import { SafetyOutlined } from '@ant-design/icons';
import type { QuarantinedFile } from '@portico/contracts';
import { formatBytes, formatDateTime, ListTable, useListState } from '@portico/web-shell';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ConsolePage } from '../../../components/console-page.tsx';
import { ScannerNotice } from '../../../components/scanner-notice.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useDeleteQuarantinedMutation, useGetQuarantineQuery } from '../api/quarantine.ts';

/** `/quarantine`: files the virus scanner refused; nobody can download them; staff may delete them at once. */
export default function QuarantinePage() {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: 20, filters: {} });
  const { limit, offset } = list.query;
  const quarantine = useGetQuarantineQuery({ tenant, limit, offset }, { skip: !ready });
  const [remove, removing] = useDeleteQuarantinedMutation();

  return (
    <ConsolePage
      title="Quarantine"
      icon={<SafetyOutlined />}
      description="Files in which the virus scanner found malware. Nobody can download them; they are deleted after the quarantine period, or now."
    >
      <ScannerNotice showOff />
      <ListTable<QuarantinedFile>
        list={list}
        result={quarantine}
        itemName="file"
        errorTitle="The quarantine could not be loaded"
        data-testid="quarantine-table"
        empty="No file is in quarantine."
        columns={[
          {
            title: 'Quarantined (UTC)',
            dataIndex: 'quarantinedAt',
            render: (iso: string) => formatDateTime(iso),
          },
          { title: 'File', dataIndex: 'fileName' },
          { title: 'Found', dataIndex: 'signature' },
          { title: 'Site', key: 'site', render: (_value, row) => row.site?.name ?? '—' },
          { title: 'Sent by', key: 'by', render: (_value, row) => row.uploadedBy?.name ?? '—' },
          { title: 'Size', key: 'size', render: (_value, row) => formatBytes(row.size), responsive: ['md'] },
          {
            title: 'Actions',
            key: 'actions',
            render: (_value, row) => (
              <ConfirmButton
                action="Delete"
                subject={row.fileName}
                consequence="Its bytes are deleted for good; the audit log keeps the record."
                loading={removing.isLoading && removing.originalArgs?.id === row.id}
                onConfirm={() => remove({ tenant, id: row.id })}
              />
            ),
          },
        ]}
      />
    </ConsolePage>
  );
}
