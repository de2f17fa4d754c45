import type { HTMLAttributes, ReactNode } from 'react';
import type { Tone } from './tone.ts';
import { ToneIcon } from './tone-icon.tsx';

export interface NoticeProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone: Tone;
  title: ReactNode;
  /** More words under the title. */
  children?: ReactNode;
  /** A button or link at the end (e.g. "Try again"). */
  action?: ReactNode;
}

/**
 * A message in the page (not a passing notification): what went wrong or needs attention, with an optional action.
 * Errors and warnings are announced (`role="alert"`), others are `status`.
 */
export function Notice({ tone, title, children, action, className, ...rest }: NoticeProps) {
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`portico-notice portico-notice--${tone}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <ToneIcon tone={tone} size={children ? 20 : 16} />
      <div className="portico-notice__body">
        <div className={children ? 'portico-notice__title' : undefined}>{title}</div>
        {children ? <div>{children}</div> : null}
      </div>
      {action ? <div className="portico-notice__action">{action}</div> : null}
    </div>
  );
}
