import { Tag } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type Tone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

// antd's preset tag colours read below 4.5:1 on their own backgrounds (WCAG AA); these dark tones reach it.
const TONES: Record<Tone, CSSProperties> = {
  neutral: { color: '#1F1F1F', background: '#FAFAFA', borderColor: '#D9D9D9' },
  info: { color: '#003EB3', background: '#E6F4FF', borderColor: '#91CAFF' },
  warning: { color: '#613400', background: '#FFFBE6', borderColor: '#FFE58F' },
  success: { color: '#135200', background: '#F6FFED', borderColor: '#B7EB8F' },
  danger: { color: '#A8071A', background: '#FFF1F0', borderColor: '#FFA39E' },
};

/** A small label in one of a few tones that stay readable. */
export function ToneTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag style={{ ...TONES[tone], marginInlineEnd: 0 }} data-testid={testId}>
      {children}
    </Tag>
  );
}
