import type { ReactNode } from 'react';
import { useAfterFirstScreen } from '../lib/use-after-first-screen.ts';
import { AntdScope } from './antd-scope.tsx';

/**
 * A control drawn with antd that no first screen needs (the site switcher, a choice filter, the date range): a
 * still stand-in until the page has settled or the stand-in is reached (`useAfterFirstScreen`), then the control
 * with antd's theme, the stand-in showing while they load. `standIn(reach)` wires `reach` to the stand-in's pointer
 * and focus; `control(focused)` takes the focus on when the keyboard reached the stand-in.
 */
export function AfterFirstScreen({
  standIn,
  control,
}: {
  standIn: (reach: (focused: boolean) => void) => ReactNode;
  control: (focused: boolean) => ReactNode;
}) {
  const [ready, reach, focused] = useAfterFirstScreen();
  const still = standIn(reach);
  if (!ready) return still;
  return <AntdScope fallback={still}>{control(focused)}</AntdScope>;
}
