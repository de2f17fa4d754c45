/** A sentence for a preview that did not load: by the server's status, since pdf.js hands over no body. */
export function previewErrorMessage(status: number | undefined, serverMessage?: string): string {
  if (serverMessage) return serverMessage;
  if (status === 401) return 'Your session is no longer valid. Please sign in again.';
  if (status === 403) return 'Previews are not allowed for this site. Please contact your firm.';
  if (status === 404) return 'This file no longer exists, or it is not shared with you.';
  if (status === 415) return 'This file cannot be previewed. Download it to open it.';
  if (status !== undefined && status >= 500) return 'The server ran into a problem. Please try again later.';
  return 'The preview could not be loaded. Check your connection and try again.';
}
