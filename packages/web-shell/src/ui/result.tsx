import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LockOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import type { HTMLAttributes, ReactNode } from 'react';

const ICONS = {
  info: [InfoCircleFilled, 'var(--portico-accent)'],
  success: [CheckCircleFilled, '#237804'],
  warning: [ExclamationCircleFilled, '#ad6800'],
  error: [CloseCircleFilled, '#b3261e'],
  '403': [LockOutlined, 'var(--portico-accent)'],
  '404': [QuestionCircleOutlined, 'var(--portico-accent)'],
} as const;

export interface ResultProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  status: keyof typeof ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  /** What the person can do next: buttons or links. */
  extra?: ReactNode;
}

/** The whole answer of a page that cannot show its content (an error, nothing yet, no access), centred. */
export function Result({ status, title, subTitle, extra, className, ...rest }: ResultProps) {
  const [Icon, color] = ICONS[status];
  return (
    <div className={`portico-result${className ? ` ${className}` : ''}`} {...rest}>
      <Icon aria-hidden className="portico-result__icon" style={{ color }} />
      <div className="portico-result__title">{title}</div>
      {subTitle ? <div className="portico-result__subtitle">{subTitle}</div> : null}
      {extra ? <div className="portico-result__extra">{extra}</div> : null}
    </div>
  );
}
