import { Button, Empty } from 'antd';

/**
 * A list with nothing to show, and why: nothing yet (`text`), or nothing that matches, with a way to clear the
 * search and filters (`filtered`).
 */
export function ListEmpty({
  text,
  filtered,
  testId = 'list-empty',
}: {
  text: string;
  filtered?: { text: string; clearLabel: string; onClear: () => void } | false;
  testId?: string;
}) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span style={{ color: '#595959' }} data-testid={testId}>
          {filtered ? filtered.text : text}
        </span>
      }
    >
      {filtered ? <Button onClick={filtered.onClear}>{filtered.clearLabel}</Button> : null}
    </Empty>
  );
}
