import { Tag } from '@portico/web-shell';
import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

// The shell's tag tones keep 4.5:1 for their small text (WCAG AA); neutral is the plain tag.
const SHELL_TONES = {
  neutral: undefined,
  info: 'info',
  warning: 'warning',
  success: 'success',
  danger: 'error',
} as const;

/** A small label in one of a few tones that stay readable. */
export function ToneTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag tone={SHELL_TONES[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}
