import { Button, type ButtonProps, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's irreversible-looking action (archive, unpublish, remove): asks first, says what follows, then acts.
 * `action` is both the button's text and the confirmation's; `label` names the button with its row.
 */
export function ConfirmButton({
  question,
  consequence,
  action,
  label,
  onConfirm,
  loading,
  icon,
  button = { size: 'small' },
}: {
  question: string;
  consequence: string;
  action: string;
  label: string;
  onConfirm: () => unknown;
  loading: boolean;
  icon?: ReactNode;
  button?: Pick<ButtonProps, 'size' | 'type'>;
}) {
  return (
    <Popconfirm
      title={question}
      description={consequence}
      okText={action}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button {...button} danger icon={icon} loading={loading} aria-label={label}>
        {action}
      </Button>
    </Popconfirm>
  );
}
