import type { HTMLAttributes } from 'react';
import type { Tone } from './tone.ts';

/** A short status word on a row (Archived, Rejected, New), in a tone's colours or neutral. */
export function Tag({
  tone,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone | undefined }) {
  return (
    <span
      className={`portico-tag${tone ? ` portico-tag--${tone}` : ''}${className ? ` ${className}` : ''}`}
      {...rest}
    />
  );
}
