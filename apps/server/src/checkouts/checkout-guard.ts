import type { Caller } from '../auth/caller.ts';
import { AppError } from '../http/app-error.ts';
import type { FileTarget } from '../site-files/file-access.ts';

/**
 * A file checked out by someone else may not change (decision 46): no new version, rename, move or delete until it
 * is checked in or its check-out ends. Every action that changes a file calls this on the row
 * `requireFileAccess(…, { lock: true })` answered, so the check and the change see the same row. The holder is named
 * as the firm knows them, with the end of the check-out; a check-out past its end holds nothing.
 */
export function assertNotCheckedOutByOther(caller: Caller, file: FileTarget): void {
  if (!file.checkedOutBy || !file.checkedOutUntil || file.checkedOutBy === caller.user.id) return;
  const until = file.checkedOutUntil.toISOString().replace('T', ' ').slice(0, 16);
  throw new AppError(
    'file.checked_out',
    `${file.checkedOutName ?? 'Someone'} has checked this file out until ${until} UTC; it cannot be changed until it is checked in.`,
  );
}
