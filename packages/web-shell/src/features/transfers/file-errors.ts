import type { ApiError } from '../../lib/http-errors.ts';

/** The 403 a service answers when the site's fileAreaSettings do not allow an action. */
export const SETTINGS_FORBIDDEN = 'settings.forbidden';

/** The title of a failed file action's notification: a refusal by the site's settings is no failure. */
export function fileErrorTitle(error: ApiError, failedTitle: string): string {
  return error.code === SETTINGS_FORBIDDEN ? 'Not allowed for this site' : failedTitle;
}

/**
 * A readable sentence for a failed file action. A `settings.forbidden` refusal gives the server's explanation and
 * who can change it; `action` completes "if you need to … files here".
 */
export function describeFileError(error: ApiError, action: string): string {
  if (error.code === SETTINGS_FORBIDDEN)
    return `${error.message} Please contact your firm if you need to ${action} files here.`;
  return error.message;
}
