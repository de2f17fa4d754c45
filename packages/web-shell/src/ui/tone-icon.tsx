import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { Tone } from './tone.ts';

const ICONS = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
} as const;

/** The icon of a tone, decorative (the words say what happened). */
export function ToneIcon({ tone, size = 16 }: { tone: Tone; size?: number }) {
  const Icon = ICONS[tone];
  return (
    <span className="portico-notice__icon" style={{ fontSize: size }}>
      <Icon aria-hidden />
    </span>
  );
}
