import { Button, type ButtonProps, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's irreversible-looking action (archive, unpublish, remove) on `subject`: asks first, says what follows,
 * then acts. `action` is the button's text and the confirmation's.
 */
export function ConfirmButton({
  action,
  subject,
  consequence,
  onConfirm,
  loading,
  icon,
  button = { size: 'small' },
}: {
  action: string;
  subject: string;
  consequence: string;
  onConfirm: () => unknown;
  loading: boolean;
  icon?: ReactNode;
  button?: Pick<ButtonProps, 'size' | 'type'>;
}) {
  return (
    <Popconfirm
      title={`${action} ${subject}?`}
      description={consequence}
      okText={action}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button {...button} danger icon={icon} loading={loading} aria-label={`${action} ${subject}`}>
        {action}
      </Button>
    </Popconfirm>
  );
}
