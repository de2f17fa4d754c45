import { LinkOutlined } from '@ant-design/icons';
import type { ShareLink } from '@portico/contracts';
import {
  formatDate,
  ListTable,
  titleColumn,
  useGetShareLinksQuery,
  useListState,
  useRevokeShareLinkMutation,
} from '@portico/web-shell';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ConsolePage } from '../../../components/console-page.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';

/** What a link allows, as a short line: downloads used of the limit, or without one. */
const downloadsOf = (link: ShareLink) =>
  link.maxDownloads === null
    ? `${link.downloadCount} download${link.downloadCount === 1 ? '' : 's'}`
    : `${link.downloadCount} of ${link.maxDownloads} downloads`;

/**
 * `/share-links`: every live share link of the firm (files e-mailed by staff and clients), with who sent it to
 * whom, until when, and its downloads; staff revoke any of them.
 */
export default function ShareLinksPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: 20, filters: {} });
  const links = useGetShareLinksQuery({ tenant }, { skip: !ready });
  const [revoke, revoking] = useRevokeShareLinkMutation();
  const { limit, offset } = list.query;
  const records = links.currentData?.records ?? [];
  const page = {
    ...links,
    currentData: links.currentData && {
      records: records.slice(offset, offset + limit),
      totalRecordCount: records.length,
    },
  };

  return (
    <ConsolePage
      title="Share links"
      icon={<LinkOutlined />}
      description="Files e-mailed as links, by your staff and your clients, that still open. Revoke a link to stop it at once."
    >
      <ListTable<ShareLink>
        list={list}
        result={page}
        itemName="share link"
        errorTitle="The share links could not be loaded"
        data-testid="share-links-table"
        empty="No share link is open. Links appear here when files are e-mailed."
        columns={[
          titleColumn('Sent to', (link) => ({
            title: link.recipient,
            subtitle: link.files.map((f) => f.title).join(', ') || 'No file is left',
            note: `${link.sentBy.name} · ${formatDate(link.createdAt)}`,
          })),
          {
            title: 'Expires',
            key: 'expires',
            responsive: ['md'],
            render: (_value, link) => <span className="portico-nowrap">{formatDate(link.expiresAt)}</span>,
          },
          {
            title: 'Downloads',
            key: 'downloads',
            responsive: ['md'],
            render: (_value, link) => downloadsOf(link),
          },
          {
            title: 'Actions',
            key: 'actions',
            align: 'right',
            render: (_value, link) => (
              <ConfirmButton
                action="Revoke"
                subject={`the link sent to ${link.recipient}`}
                consequence="The link stops working at once; the files stay where they are."
                loading={revoking.isLoading && revoking.originalArgs?.id === link.id}
                onConfirm={() => revoke({ tenant, id: link.id })}
              />
            ),
          },
        ]}
      />
    </ConsolePage>
  );
}
