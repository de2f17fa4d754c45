import { Flex, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Grey text with at least 4.5:1 contrast on white; `small` for the notes under a row's title. */
function SecondaryText({ small = false, children }: { small?: boolean; children: ReactNode }) {
  return (
    <Typography.Text style={{ color: '#595959', ...(small ? { fontSize: 12 } : {}) }}>
      {children}
    </Typography.Text>
  );
}

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

/**
 * A row's first cell: its title (with a tag beside it), a grey subtitle, and below `md`, where the other columns
 * are hidden, what they would say (`note`, `narrow`). `children` follow at every width.
 */
export function TitleCell({ title, tag, subtitle, note, narrow, children }: TitleCellProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Flex vertical gap={2}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {tag}
      </Flex>
      {subtitle ? <SecondaryText>{subtitle}</SecondaryText> : null}
      {screens.md ? null : (
        <>
          {note ? <SecondaryText small>{note}</SecondaryText> : null}
          {narrow}
        </>
      )}
      {children}
    </Flex>
  );
}
