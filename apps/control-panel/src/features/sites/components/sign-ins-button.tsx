import { HistoryOutlined } from '@ant-design/icons';
import { SIGN_IN_METHOD_LABELS } from '@portico/contracts';
import { QueryErrorAlert } from '@portico/web-shell';
import { Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetClientSignInsQuery } from '../api/sites.ts';

/** A client's last sign-ins (when, how, browser, address), in a dialog: what staff check when something looks off. */
export function SignInsButton({ person }: { person: { userId: string; name: string; hasAccount: boolean } }) {
  const [open, setOpen] = useState(false);
  const { tenant, ready } = useTenant();
  const signIns = useGetClientSignInsQuery({ tenant, userId: person.userId }, { skip: !ready || !open });
  if (!person.hasAccount) return null;
  return (
    <>
      <Button
        type="text"
        icon={<HistoryOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Sign-ins of ${person.name}`}
      >
        Sign-ins
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        title={`Sign-ins of ${person.name}`}
        width={640}
      >
        {signIns.error ? (
          <QueryErrorAlert
            title="The sign-ins could not be loaded"
            error={signIns.error}
            onRetry={() => void signIns.refetch()}
          />
        ) : !signIns.currentData ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : signIns.currentData.records.length === 0 ? (
          <p>No sign-in recorded yet.</p>
        ) : (
          <table className="portico-plain-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'left' }}>
                  When (UTC)
                </th>
                <th scope="col" style={{ textAlign: 'left' }}>
                  How
                </th>
                <th scope="col" style={{ textAlign: 'left' }}>
                  Browser
                </th>
                <th scope="col" style={{ textAlign: 'left' }}>
                  Address
                </th>
              </tr>
            </thead>
            <tbody>
              {signIns.currentData.records.map((entry) => (
                <tr key={`${entry.at}-${entry.address}`}>
                  <td>{entry.at.replace('T', ' ').slice(0, 16)}</td>
                  <td>{SIGN_IN_METHOD_LABELS[entry.method]}</td>
                  <td>{entry.browser}</td>
                  <td>{entry.address}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Modal>
    </>
  );
}
