import { Button, Empty } from 'antd';

/**
 * A list with nothing to show, and why: nothing yet (`text`), or nothing that matches (`filtered`), optionally with
 * a way to clear the search and filters.
 */
export function ListEmpty({
  text,
  filtered,
  clear,
  testId = 'list-empty',
}: {
  text: string;
  /** What to say instead while a search or filter narrows the list. */
  filtered?: string | false;
  clear?: { label: string; onClick: () => void };
  testId?: string;
}) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span style={{ color: '#595959' }} data-testid={testId}>
          {filtered || text}
        </span>
      }
    >
      {filtered && clear ? <Button onClick={clear.onClick}>{clear.label}</Button> : null}
    </Empty>
  );
}
