import { describeQueryError } from '@portico/web-shell';
import { Alert, Button } from 'antd';

/** A call that failed: what went wrong, in words, and a way to try again. */
export function QueryErrorAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert
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
