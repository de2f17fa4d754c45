import type { ButtonHTMLAttributes } from 'react';

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off control: a button with `role="switch"`, named by a `<label htmlFor>` or `aria-label`. */
export function Switch({ checked, onChange, className, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={`portico-switch${className ? ` ${className}` : ''}`}
      onClick={() => onChange(!checked)}
      {...rest}
    />
  );
}
