import type { ReactNode } from 'react';
import { useMinWidth } from '../../../lib/use-breakpoint.ts';

export interface TitleCellProps {
  title: ReactNode;
  tag?: ReactNode;
  subtitle?: ReactNode;
  /** Small grey text below `md`: what the hidden columns say ("1.2 MB · 2026-03-04"). */
  note?: ReactNode;
  /** Below `md`, after the note: the row's status, its actions. */
  narrow?: ReactNode;
  children?: ReactNode;
}

/** A `YYYY-MM-DD` date in a note reads as one word: it never breaks at its hyphens on a narrow screen. */
function withWholeDates(note: ReactNode): ReactNode {
  if (typeof note !== 'string') return note;
  return note.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in their fixed order
      <span key={i} className="portico-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * A row's first cell: its title (with a tag beside it), a grey subtitle, and below `md`, where the other columns
 * are hidden, what they would say (`note`, `narrow`). `children` follow at every width.
 */
export function TitleCell({ title, tag, subtitle, note, narrow, children }: TitleCellProps) {
  // `narrow` holds the row's buttons, which must not be in the page twice: it is rendered only below `md`. CSS
  // hides it from `md` on as well, so that it goes in the same frame as the actions column comes (a resize).
  const wide = useMinWidth('md');
  return (
    <div className="portico-title-cell">
      <div className="portico-title-cell__head">
        <strong className="portico-title-cell__title">{title}</strong>
        {tag}
      </div>
      {subtitle ? <span className="portico-secondary">{subtitle}</span> : null}
      {wide || (!note && !narrow) ? null : (
        <div className="portico-title-cell__narrow">
          {note ? (
            <span className="portico-secondary portico-title-cell__note">{withWholeDates(note)}</span>
          ) : null}
          {narrow}
        </div>
      )}
      {children}
    </div>
  );
}
