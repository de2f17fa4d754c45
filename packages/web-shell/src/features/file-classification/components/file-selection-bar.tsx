import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';

/**
 * What a file list offers for the files selected on it (issue 27 item 10): "3 selected", then each bulk action the
 * caller may do (e-mail, zip, tag, categorise, assign, move, delete: each one request, all or nothing), then
 * "Clear selection". With nothing selected it says how to start, so the actions are found before they are needed.
 */
export function FileSelectionBar({
  count,
  onClear,
  children,
  hint = 'Select files to act on several at once.',
}: {
  count: number;
  onClear: () => void;
  /** The bulk actions, each a button that works on the selection. */
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div
      className="portico-row portico-selection-bar"
      role="toolbar"
      aria-label="Selected files"
      style={{ flexWrap: 'wrap', gap: 8 }}
      data-testid="file-selection-bar"
    >
      <span aria-live="polite" data-testid="selection-count" style={{ color: '#595959' }}>
        {count > 0 ? `${count} selected` : hint}
      </span>
      {children}
      {count > 0 ? (
        <Button variant="link" onClick={onClear} data-testid="clear-selection">
          Clear selection
        </Button>
      ) : null}
    </div>
  );
}
