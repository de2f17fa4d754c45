import { type DialogHTMLAttributes, type ReactNode, useId } from 'react';
import { useModalDialog } from '../lib/use-modal-dialog.ts';

/**
 * A native modal `<dialog>`, open while mounted (`useModalDialog`: the page behind inert, Esc asks `onClose`),
 * labelled by its heading: `children(titleId)` gives the heading that id. The workspace's dialogs (bulk actions,
 * versions, details, `FormDialog`) differ only by their class, test id and content.
 */
export function ModalDialog({
  className,
  onClose,
  testId,
  children,
  ...rest
}: {
  className: string;
  onClose: () => void;
  testId: string;
  children: (titleId: string) => ReactNode;
} & Omit<DialogHTMLAttributes<HTMLDialogElement>, 'className' | 'children' | 'onCancel' | 'onClose'>) {
  const { ref, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      onCancel={onCancel}
      data-testid={testId}
      {...rest}
    >
      {children(titleId)}
    </dialog>
  );
}
