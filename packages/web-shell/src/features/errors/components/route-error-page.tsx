import { useRouteError } from 'react-router';
import { logger } from '../../../lib/logger.ts';
import { Button } from '../../../ui/button.tsx';
import { Result } from '../../../ui/result.tsx';
import { isChunkLoadError } from '../lazy-with-timeout.ts';

/** A route's error element: a chunk that did not load offers a reload (SPEC §9); anything else too. */
export function RouteErrorPage() {
  const error = useRouteError();
  logger.error('route failed', error);
  const chunk = isChunkLoadError(error);
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={chunk ? 'This page could not be loaded' : 'Something went wrong'}
      subTitle={
        chunk
          ? `${error instanceof Error ? error.message : 'A part of the application did not load.'} Check your connection and reload the page.`
          : 'An unexpected error stopped this page. Reloading usually helps.'
      }
      extra={
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
      data-testid="route-error"
    />
  );
}
