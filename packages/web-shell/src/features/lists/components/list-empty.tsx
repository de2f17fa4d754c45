import { Button } from '../../../ui/button.tsx';

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
    <div className="portico-empty">
      <EmptyTray />
      <span className="portico-secondary" data-testid={testId}>
        {filtered || text}
      </span>
      {filtered && clear ? <Button onClick={clear.onClick}>{clear.label}</Button> : null}
    </div>
  );
}

/** An empty tray, in the greys of the table's lines: decorative, the sentence beside it says it all. */
function EmptyTray() {
  return (
    <svg
      aria-hidden
      focusable="false"
      width="64"
      height="41"
      viewBox="0 0 64 41"
      className="portico-empty__image"
    >
      <ellipse cx="32" cy="33" rx="32" ry="7" fill="#f5f5f5" />
      <g fill="none" stroke="#d9d9d9">
        <path d="M55 12.8 44.9 1.3C44.4.5 43.7 0 43 0H21c-.7 0-1.4.5-1.9 1.3L9 12.8V22h46v-9.2Z" />
        <path
          d="M41.6 15.9c0-1.6 1-2.9 2.2-2.9H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 2.9 0 1.6 1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.3 2.2-2.9Z"
          fill="#fafafa"
        />
      </g>
    </svg>
  );
}
