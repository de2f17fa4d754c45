import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'text' | 'link' | 'danger' | 'danger-primary';
  ref?: Ref<HTMLButtonElement>;
  size?: 'middle' | 'small';
  /** Shown before the label; decorative (the label or `aria-label` names the button). */
  icon?: ReactNode;
  /**
   * Busy: a spinner in place of the icon, the button announced as busy and not pressable again. It stays focusable
   * (`aria-disabled`, not `disabled`): a keyboard user who pressed it keeps their place on the page.
   */
  loading?: boolean;
}

/** A native button in Portico's look: default, primary (the tenant's colour), text, link or danger. */
export function Button({
  variant = 'default',
  size = 'middle',
  icon,
  loading = false,
  className,
  children,
  type = 'button',
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['portico-btn', `portico-btn--${variant}`];
  if (size === 'small') classes.push('portico-btn--small');
  if (!children && icon) classes.push('portico-btn--icon');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // A press while busy does nothing, a form's submit included.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <Spinner size="small" /> : icon}
      {children}
    </button>
  );
}
