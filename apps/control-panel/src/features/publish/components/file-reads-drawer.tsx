import type { PublishedFile, PublishedFileReader, PublishedFileReads } from '@portico/contracts';
import { formatDate } from '@portico/web-shell';
import { Drawer, Empty, Flex, Table, Tag, Typography } from 'antd';

const day = (iso: string | null) =>
  iso ? <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span> : '—';

/** "2 of 3": how many of the site's members opened the file; the button that opens the drawer. */
export const openedSummary = (reads: PublishedFileReads | undefined, memberCount: number) =>
  reads ? `${reads.openedCount} of ${memberCount}` : '…';

/** Who among the site's members opened one published file, and when (read receipts). */
export function FileReadsDrawer({
  file,
  reads,
  onClose,
}: {
  file: PublishedFile | undefined;
  reads: PublishedFileReads | undefined;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={!!file}
      onClose={onClose}
      title={file ? `Who opened ${file.title}` : 'Who opened it'}
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      data-testid="file-reads-drawer"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ color: '#595959', margin: 0 }}>
          The site's clients, and when they first and last opened (downloaded) this file. Downloads by your
          firm are not counted.
        </Typography.Paragraph>
        <Table<PublishedFileReader>
          rowKey="userId"
          size="small"
          pagination={false}
          dataSource={reads?.members ?? []}
          loading={!reads && !!file}
          locale={{ emptyText: <Empty description="This site has no client members." /> }}
          columns={[
            {
              title: 'Client',
              dataIndex: 'name',
              render: (name: string, reader) => (
                <Flex vertical>
                  <span>{name}</span>
                  <Typography.Text style={{ color: '#595959' }}>{reader.email}</Typography.Text>
                  {reader.firstOpenedAt ? null : <Tag style={{ width: 'fit-content' }}>Not opened</Tag>}
                </Flex>
              ),
            },
            { title: 'First opened', dataIndex: 'firstOpenedAt', render: day },
            { title: 'Last opened', dataIndex: 'lastOpenedAt', render: day, responsive: ['sm'] },
            { title: 'Times opened', dataIndex: 'openCount', align: 'right', responsive: ['sm'] },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
