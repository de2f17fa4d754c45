import { CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import type { UploadItem } from '@portico/web-shell';
import { formatBytes } from '@portico/web-shell';
import { Button, Flex, Grid, Input, Progress, Table, Typography } from 'antd';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { titleProblem } from '../title-rules.ts';

function StatusCell({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'queued':
      return <ToneTag tone="neutral">Waiting</ToneTag>;
    case 'uploading':
      return (
        <Progress
          percent={item.percent}
          size="small"
          style={{ minWidth: 140, margin: 0 }}
          aria-label={`Uploading ${item.fileName}`}
        />
      );
    case 'done':
      return <ToneTag tone="success">Uploaded</ToneTag>;
    case 'cancelled':
      return <ToneTag tone="neutral">Cancelled</ToneTag>;
    case 'error':
      return (
        <Flex vertical>
          <span>
            <ToneTag tone="danger">Failed</ToneTag>
          </span>
          <Typography.Text type="danger" style={{ maxWidth: 280 }}>
            {item.error?.message}
          </Typography.Text>
        </Flex>
      );
  }
}

/** The title a file will be published with, once it is uploaded. */
function TitleInput({
  item,
  title,
  onTitleChange,
}: {
  item: UploadItem;
  title: string;
  onTitleChange: (uid: string, title: string) => void;
}) {
  if (item.status !== 'done') return null;
  const problem = titleProblem(title);
  return (
    <Flex vertical style={{ minWidth: 200 }}>
      <Input
        value={title}
        onChange={(event) => onTitleChange(item.uid, event.target.value)}
        aria-label={`Title of ${item.fileName}`}
        status={problem ? 'error' : undefined}
        maxLength={200}
      />
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
    </Flex>
  );
}

/** Cancel while it is on its way, remove once it has stopped. */
function RowAction({
  item,
  onCancel,
  onRemove,
}: {
  item: UploadItem;
  onCancel: (uid: string) => void;
  onRemove: (uid: string) => void;
}) {
  return item.status === 'queued' || item.status === 'uploading' ? (
    <Button
      size="small"
      icon={<CloseOutlined aria-hidden />}
      onClick={() => onCancel(item.uid)}
      aria-label={`Cancel ${item.fileName}`}
    >
      Cancel
    </Button>
  ) : (
    <Button
      size="small"
      type="text"
      icon={<DeleteOutlined aria-hidden />}
      onClick={() => onRemove(item.uid)}
      aria-label={`Remove ${item.fileName}`}
    >
      Remove
    </Button>
  );
}

/** The files chosen for publishing: progress, cancel, and the title each will be published with. */
export function UploadList({
  items,
  titles,
  onTitleChange,
  onCancel,
  onRemove,
}: {
  items: UploadItem[];
  titles: Record<string, string>;
  onTitleChange: (uid: string, title: string) => void;
  onCancel: (uid: string) => void;
  onRemove: (uid: string) => void;
}) {
  const screens = Grid.useBreakpoint();
  return (
    <Table<UploadItem>
      rowKey="uid"
      size="small"
      dataSource={items}
      pagination={false}
      data-testid="upload-list"
      columns={[
        {
          title: 'File',
          dataIndex: 'fileName',
          render: (name: string, item) => (
            <Flex vertical>
              <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: name }}>
                {name}
              </Typography.Text>
              <Typography.Text style={{ color: '#595959' }}>{formatBytes(item.size)}</Typography.Text>
              {screens.md ? null : (
                <Flex vertical gap={8} style={{ marginTop: 8 }}>
                  <StatusCell item={item} />
                  <TitleInput item={item} title={titles[item.uid] ?? ''} onTitleChange={onTitleChange} />
                  <span>
                    <RowAction item={item} onCancel={onCancel} onRemove={onRemove} />
                  </span>
                </Flex>
              )}
            </Flex>
          ),
        },
        {
          title: 'Status',
          key: 'status',
          responsive: ['md'],
          render: (_value, item) => <StatusCell item={item} />,
        },
        {
          title: 'Title',
          key: 'title',
          responsive: ['md'],
          render: (_value, item) => (
            <TitleInput item={item} title={titles[item.uid] ?? ''} onTitleChange={onTitleChange} />
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          responsive: ['md'],
          render: (_value, item) => <RowAction item={item} onCancel={onCancel} onRemove={onRemove} />,
        },
      ]}
    />
  );
}
