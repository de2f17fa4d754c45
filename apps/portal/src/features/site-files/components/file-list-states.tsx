import {
  describeFileError,
  Notice,
  QueryErrorAlert,
  Result,
  SETTINGS_FORBIDDEN,
  toApiError,
} from '@portico/web-shell';

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
export function FilesError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const apiError = toApiError(error);
  if (apiError.code !== SETTINGS_FORBIDDEN)
    return <QueryErrorAlert title="The files could not be loaded" error={error} onRetry={onRetry} />;
  return (
    <Notice tone="info" title="Files are not shown for this site" data-testid="files-error">
      {describeFileError(apiError, 'see')}
    </Notice>
  );
}
