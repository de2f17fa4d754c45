import { describeQueryError, Notice, useMinWidth, useSelectedSite, VisuallyHidden } from '@portico/web-shell';
import type { ReactNode } from 'react';

export interface SiteFilesFrameProps {
  title: string;
  icon: ReactNode;
  /** How many files of this kind the site holds; undefined while loading. */
  count: number | undefined;
  countLabel: string;
  loading: boolean;
  /** Why the record count could not be read. */
  error?: unknown;
  /** What needs the user's attention, right under the title (rejected submissions). */
  notice?: ReactNode;
  children: ReactNode;
}

const stillLoading = (
  <span className="portico-inline-skeleton">
    <VisuallyHidden>Loading</VisuallyHidden>
  </span>
);

/**
 * The frame both file pages share: the title, the selected site with its record count, then the page's content.
 * Drawn with Portico's own controls: it is part of the portal's first screen.
 */
export function SiteFilesFrame({
  title,
  icon,
  count,
  countLabel,
  loading,
  error,
  notice,
  children,
}: SiteFilesFrameProps) {
  const { site } = useSelectedSite();
  // On a phone the site and its count take one short line, so the list starts within the first screen.
  const phone = !useMinWidth('sm');
  return (
    <div className="portico-stack" style={{ gap: 24 }}>
      <div className="portico-row" style={{ gap: 12 }}>
        <span aria-hidden style={{ fontSize: 24, display: 'inline-flex' }}>
          {icon}
        </span>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: 0 }}>{title}</h1>
      </div>
      {notice}
      {phone ? (
        <div
          className="portico-card portico-row"
          style={{ padding: '8px 12px', justifyContent: 'space-between' }}
        >
          <span>
            <span style={{ fontWeight: 600 }} data-testid="selected-site-name">
              {site?.name ?? stillLoading}
            </span>
            {site?.reference ? <span className="portico-secondary"> · {site.reference}</span> : null}
          </span>
          <span data-testid="record-count" className="portico-secondary">
            {countLabel}: <strong style={{ color: 'inherit' }}>{count ?? '…'}</strong>
          </span>
        </div>
      ) : (
        <div className="portico-card portico-row" style={{ padding: 16, gap: 32 }}>
          <div style={{ minWidth: 200 }}>
            <div className="portico-secondary">Site</div>
            <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="selected-site-name">
              {site?.name ?? stillLoading}
            </div>
            {site?.reference ? <div className="portico-secondary">Reference {site.reference}</div> : null}
          </div>
          <div data-testid="record-count" aria-busy={(loading && count === undefined) || undefined}>
            <div className="portico-secondary">{countLabel}</div>
            <div style={{ fontSize: 24 }}>{loading && count === undefined ? stillLoading : (count ?? 0)}</div>
          </div>
        </div>
      )}
      {error ? (
        <Notice tone="warning" title="The file count could not be loaded">
          {describeQueryError(error)}
        </Notice>
      ) : null}
      {children}
    </div>
  );
}
