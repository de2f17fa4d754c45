import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { CheckedOutBy } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellDispatch } from '../../../store/hooks.ts';
import type { FileActionCommand } from '../../file-actions/file-actions.ts';
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
 * Check out and check in from a file row: `command(file)` is "Check out" on a free file, "Check in" on the caller's
 * own check-out, and for staff "Force check-in" on someone else's — a command of the portal's "More" dialog, a
 * button of the control panel's rows; `busy(id)` while one runs. `you` is the caller's id, which the lock mark
 * (`FileLockTag`) compares too.
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

  /** What the caller may do to the file's lock: check it out, check their own in, or (staff) force it in. */
  const kindOf = (file: CheckoutFile) => {
    const holder = file.checkedOutBy;
    return !holder ? 'out' : holder.userId === you ? 'in' : canForce ? 'force' : undefined;
  };

  /** The row's command, or null when the caller may not touch the lock. */
  const command = (file: CheckoutFile): FileActionCommand | null => {
    const kind = kindOf(file);
    return kind
      ? {
          key: KEYS[kind],
          label: LABELS[kind],
          icon: kind === 'out' ? <LockOutlined aria-hidden /> : <UnlockOutlined aria-hidden />,
          onSelect: () => void run(file, kind),
        }
      : null;
  };

  return { you, command, busy };
}

const LABELS = { out: 'Check out', in: 'Check in', force: 'Force check-in' } as const;
const KEYS = { out: 'checkout', in: 'checkin', force: 'force-checkin' } as const;
