import type { CheckedOutBy } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellDispatch } from '../../../store/hooks.ts';
import { Button } from '../../../ui/button.tsx';
import { useCurrentPersonId } from '../../layout/api/get-current-person.ts';
import { useCheckInFileMutation, useCheckOutFileMutation } from '../api/file-details.ts';

/** A row's file, as far as checking it out is concerned. */
export interface CheckoutFile {
  id: string;
  title: string;
  checkedOutBy: CheckedOutBy;
}

export interface UseFileCheckoutOptions {
  /** The list tags to read again once a check-out changed (the row's lock mark). */
  invalidates: readonly string[];
  /** Staff may end someone else's check-out (a forced check-in). */
  canForce?: boolean;
}

/**
 * Check out and check in from a file row: `actions(file)` is the row's button — "Check out" on a free file, "Check
 * in" on the caller's own check-out, and for staff "Force check-in" on someone else's. `you` is the caller's id,
 * which the lock mark (`FileLockTag`) compares too.
 */
export function useFileCheckout({ invalidates, canForce = false }: UseFileCheckoutOptions) {
  const dispatch = useShellDispatch();
  const you = useCurrentPersonId();
  const [checkOut, out] = useCheckOutFileMutation();
  const [checkIn, back] = useCheckInFileMutation();
  const refresh = () => dispatch(shellApi.util.invalidateTags([...invalidates] as never[]));

  const run = async (file: CheckoutFile, kind: 'out' | 'in' | 'force') => {
    try {
      if (kind === 'out') {
        const answer = await checkOut({ fileId: file.id }).unwrap();
        const until = answer.checkedOutBy?.until.slice(0, 16).replace('T', ' ');
        notify.success(
          'Checked out',
          `${file.title} is yours to change until ${until} UTC or until you check it in.`,
        );
      } else {
        await checkIn({ fileId: file.id, force: kind === 'force' }).unwrap();
        notify.success(
          kind === 'force' ? 'Check-in forced' : 'Checked in',
          `Others can change ${file.title} again.`,
        );
      }
    } catch (error) {
      notify.error(
        kind === 'out' ? 'The file could not be checked out' : 'The file could not be checked in',
        describeQueryError(error),
      );
    } finally {
      refresh();
    }
  };

  const busy = (id: string) =>
    (out.isLoading && out.originalArgs?.fileId === id) ||
    (back.isLoading && back.originalArgs?.fileId === id);

  const actions = (file: CheckoutFile, options: { size?: 'small' | 'middle' } = {}) => {
    const holder = file.checkedOutBy;
    const kind = !holder ? 'out' : holder.userId === you ? 'in' : canForce ? 'force' : undefined;
    if (!kind) return null;
    const label = { out: 'Check out', in: 'Check in', force: 'Force check-in' }[kind];
    return (
      <Button
        size={options.size ?? 'middle'}
        loading={busy(file.id)}
        onClick={() => void run(file, kind)}
        aria-label={`${label} ${file.title}`}
        data-testid={`file-${kind === 'out' ? 'checkout' : kind === 'in' ? 'checkin' : 'force-checkin'}`}
      >
        {label}
      </Button>
    );
  };

  return { you, actions };
}
