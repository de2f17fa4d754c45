import { Flex, Grid, Typography } from 'antd';
import type { ReactNode } from 'react';

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
      {subtitle ? <Typography.Text style={{ color: '#595959' }}>{subtitle}</Typography.Text> : null}
      {screens.md ? null : (
        <>
          {note ? <Typography.Text style={{ color: '#595959', fontSize: 12 }}>{note}</Typography.Text> : null}
          {narrow}
        </>
      )}
      {children}
    </Flex>
  );
}
