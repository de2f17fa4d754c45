import type { CSSProperties } from 'react';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';

/** A call that failed: what went wrong, in words, and a way to try again. */
export function QueryErrorAlert({
  title,
  error,
  onRetry,
  style,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  style?: CSSProperties;
}) {
  return (
    <Notice
      tone="error"
      title={title}
      style={style}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
      data-testid="query-error"
    >
      {describeQueryError(error)}
    </Notice>
  );
}
