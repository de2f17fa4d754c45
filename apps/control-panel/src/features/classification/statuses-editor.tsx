import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FileStatus, MAX_FILE_STATUSES } from '@portico/contracts';
import {
  describeQueryError,
  notify,
  QueryErrorAlert,
  useGetFileStatusesQuery,
  usePutFileStatusesMutation,
} from '@portico/web-shell';
import { Alert, Button, Card, Input, Skeleton, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTenant } from '../../hooks/use-tenant.ts';

/** One row of the editor: a status kept (with its key and file count) or a new one. */
interface Row {
  /** React's key: the status key, or a made-up one for a new row. */
  id: string;
  key?: string;
  name: string;
  fileCount: number;
}

let nextNew = 0;
const rowsOf = (records: readonly FileStatus[]): Row[] =>
  records.map((s) => ({ id: s.key, key: s.key, name: s.name, fileCount: s.fileCount ?? 0 }));

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/**
 * "Statuses of published files" (issue 27 item 1, decision 55): the firm's list, renamed, reordered, added to and
 * removed from, saved as a whole (`PUT file-management api/statuses`). A status removed is cleared from its files,
 * which the editor says, with how many, before saving.
 */
export function StatusesEditor() {
  const { ready } = useTenant();
  const statuses = useGetFileStatusesQuery(undefined, { skip: !ready });
  const [save, saving] = usePutFileStatusesMutation();
  const [rows, setRowsState] = useState<Row[]>();
  // Edits not saved yet: a list read again meanwhile (another tab saved it) does not wipe them.
  const edited = useRef(false);
  const setRows = (next: Row[]) => {
    edited.current = true;
    setRowsState(next);
  };
  const reset = (records: readonly FileStatus[]) => {
    edited.current = false;
    setRowsState(rowsOf(records));
  };
  const [problem, setProblem] = useState<string>();
  const hintId = useId();
  const loaded = statuses.currentData?.records;

  useEffect(() => {
    if (loaded && !edited.current) setRowsState(rowsOf(loaded));
  }, [loaded]);

  const title = <h2 style={{ fontSize: 16, margin: 0 }}>Statuses of published files</h2>;
  if (statuses.error)
    return (
      <Card title={title}>
        <QueryErrorAlert
          title="The statuses could not be loaded"
          error={statuses.error}
          onRetry={() => void statuses.refetch()}
        />
      </Card>
    );
  if (!loaded || !rows)
    return (
      <Card title={title}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );

  const kept = new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  const removed = rowsOf(loaded).filter((r) => !kept.has(r.key!));
  const cleared = removed.reduce((n, r) => n + r.fileCount, 0);
  const names = rows.map((r) => r.name.trim().toLowerCase());
  const duplicate = rows.find((r, i) => r.name.trim() && names.indexOf(r.name.trim().toLowerCase()) !== i);
  const blank = rows.some((r) => !r.name.trim());
  const changed =
    JSON.stringify(rows.map((r) => [r.key, r.name])) !==
    JSON.stringify(rowsOf(loaded).map((r) => [r.key, r.name]));

  const update = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    setRows(next);
    // Keep the focus on the button pressed, now on the moved row.
    requestAnimationFrame(() =>
      document.getElementById(`status-${row!.id}-${by < 0 ? 'up' : 'down'}`)?.focus(),
    );
  };

  const submit = async () => {
    setProblem(undefined);
    try {
      const answer = await save({
        records: rows.map((r) => ({ ...(r.key ? { key: r.key } : {}), name: r.name.trim() })),
      }).unwrap();
      reset(answer.records);
      notify.success(
        'Statuses saved',
        cleared ? `${files(cleared)} no longer have a status.` : 'Everyone sees the new list now.',
      );
    } catch (error) {
      setProblem(describeQueryError(error));
    }
  };

  return (
    <Card title={title}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 640 }}>
        <Typography.Paragraph id={hintId} style={{ margin: 0 }}>
          Staff and, where a site allows it, clients set one of these on a published file. A status you remove
          is cleared from the files that have it.
        </Typography.Paragraph>
        <ol
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
          }}
        >
          {rows.map((row, index) => (
            <li
              key={row.id}
              style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}
              data-testid="status-row"
            >
              <Input
                aria-label={`Name of status ${index + 1}`}
                aria-describedby={hintId}
                value={row.name}
                maxLength={60}
                onChange={(event) => update(index, { name: event.target.value })}
                style={{ flex: '1 1 180px', minWidth: 0 }}
                status={!row.name.trim() || duplicate?.id === row.id ? 'error' : undefined}
                data-testid="status-name"
              />
              <Typography.Text type="secondary" style={{ minWidth: 56 }}>
                {row.key ? files(row.fileCount) : 'New'}
              </Typography.Text>
              <Button
                id={`status-${row.id}-up`}
                icon={<ArrowUpOutlined aria-hidden />}
                aria-label={`Move ${row.name || 'this status'} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                id={`status-${row.id}-down`}
                icon={<ArrowDownOutlined aria-hidden />}
                aria-label={`Move ${row.name || 'this status'} down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              />
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Remove ${row.name || 'this status'}`}
                disabled={rows.length === 1}
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
                data-testid="status-remove"
              />
            </li>
          ))}
        </ol>
        <div>
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={rows.length >= MAX_FILE_STATUSES}
            onClick={() => {
              nextNew += 1;
              const id = `new-${nextNew}`;
              setRows([...rows, { id, name: '', fileCount: 0 }]);
              requestAnimationFrame(() =>
                document
                  .querySelectorAll<HTMLInputElement>('[data-testid="status-name"]')
                  .item(rows.length)
                  ?.focus(),
              );
            }}
            data-testid="status-add"
          >
            Add a status
          </Button>
        </div>
        {removed.length ? (
          <Alert
            type={cleared ? 'warning' : 'info'}
            showIcon
            data-testid="statuses-removed"
            message={`Removing ${removed.map((r) => `"${r.name}"`).join(', ')}: ${
              cleared
                ? `${files(cleared)} ${cleared === 1 ? 'has' : 'have'} ${removed.length === 1 ? 'it' : 'one of them'} and will have no status.`
                : 'no file has it.'
            }`}
          />
        ) : null}
        {duplicate ? (
          <Alert type="error" showIcon message={`Two statuses are named "${duplicate.name.trim()}".`} />
        ) : null}
        {problem ? <Alert type="error" showIcon message={problem} data-testid="statuses-problem" /> : null}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button
            type="primary"
            loading={saving.isLoading}
            disabled={!changed || blank || Boolean(duplicate)}
            onClick={() => void submit()}
            data-testid="statuses-save"
          >
            Save statuses
          </Button>
          <Button disabled={!changed} onClick={() => reset(loaded)}>
            Undo changes
          </Button>
        </div>
      </div>
    </Card>
  );
}
