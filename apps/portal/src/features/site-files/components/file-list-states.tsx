import type { ApiError } from '@portico/web-shell';
import { Alert, Button, Empty, Result } from 'antd';
import { describeFileError, SETTINGS_FORBIDDEN } from '../lib/file-errors.ts';

/** A table with nothing to show: why, and what to do about it. */
export function FilesEmpty({
  filtered,
  emptyText,
  onClearFilters,
}: {
  filtered: boolean;
  emptyText: string;
  onClearFilters: () => void;
}) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <span style={{ color: '#595959' }} data-testid="files-empty">
          {filtered ? 'No files match your search or dates. Try other words or a wider range.' : emptyText}
        </span>
      }
    >
      {filtered ? <Button onClick={onClearFilters}>Clear search and dates</Button> : null}
    </Empty>
  );
}

/** Files of this site are not shown to clients (portalFilesView is off). */
export function FilesHidden() {
  return (
    <Result
      status="info"
      title="Files are not shown for this site"
      subTitle="Your firm has not enabled the file area for this site. Please contact the firm if you expected to see files here."
      data-testid="files-hidden"
    />
  );
}

/** Why the list could not be loaded; a refusal by the site's settings reads as such, not as a failure. */
export function FilesError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  if (error.code === SETTINGS_FORBIDDEN)
    return (
      <Alert
        type="info"
        showIcon
        title="Files are not shown for this site"
        description={describeFileError(error, 'see')}
        data-testid="files-error"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title="The files could not be loaded"
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      }
      data-testid="files-error"
    />
  );
}
