import { lazy } from 'react';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen.ts';
import { AntdScope } from '../../../ui/antd-scope.tsx';
import { useSelectedSite } from '../hooks/use-selected-site.ts';

const SiteSelect = lazy(() => import('./site-select.tsx'));

/**
 * The site switcher beside the breadcrumbs: a searchable select (SiteSelect) that arrives after the first screen;
 * until then a still field with the selected site's name, which loads it at once when reached.
 */
export function SiteSwitcher({ width = 280 }: { width?: number | string }) {
  const [ready, reach, focused] = useAfterFirstScreen();
  const { site } = useSelectedSite();
  const standIn = (
    <input
      className="portico-input"
      aria-label="Site (loading)"
      readOnly
      value={site?.name ?? ''}
      placeholder="Choose a site"
      style={{ width, maxWidth: '100%' }}
      data-stand-in="site-switcher"
      onPointerEnter={() => reach(false)}
      onFocus={() => reach(true)}
    />
  );
  if (!ready) return standIn;
  return (
    <AntdScope fallback={standIn}>
      <SiteSelect width={width} autoFocus={focused} />
    </AntdScope>
  );
}
