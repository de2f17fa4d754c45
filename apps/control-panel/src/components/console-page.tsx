import type { ReactNode } from 'react';

/** A page of the console: its heading (the one h1), what the page is for, its main actions, then its content. */
export function ConsolePage({
  title,
  icon,
  description,
  actions,
  children,
}: {
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="portico-stack" style={{ gap: 24 }}>
      <div
        className="portico-row"
        style={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 16 }}
      >
        <div style={{ minWidth: 0 }}>
          <div className="portico-row" style={{ gap: 12, flexWrap: 'nowrap' }}>
            {icon ? (
              <span aria-hidden style={{ fontSize: 24, display: 'inline-flex' }}>
                {icon}
              </span>
            ) : null}
            <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{title}</h1>
          </div>
          {description ? <p style={{ color: '#595959', margin: '4px 0 0' }}>{description}</p> : null}
        </div>
        {actions ? <div className="portico-row">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
