import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { describeQueryError } from '../../../lib/http-errors.ts';

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
    <Alert
      style={style}
      type="error"
      showIcon
      title={title}
      description={describeQueryError(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
      data-testid="query-error"
    />
  );
}
