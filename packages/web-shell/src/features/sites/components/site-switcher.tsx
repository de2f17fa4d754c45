import { lazy } from 'react';
import { AfterFirstScreen } from '../../../ui/after-first-screen.tsx';
import { useSelectedSite } from '../hooks/use-selected-site.ts';

const SiteSelect = lazy(() => import('./site-select.tsx'));

/**
 * The site switcher beside the breadcrumbs: a searchable select (SiteSelect) that arrives after the first screen;
 * until then a still field with the selected site's name, which loads it at once when reached.
 */
export function SiteSwitcher({ width = 280 }: { width?: number | string }) {
  const { site } = useSelectedSite();
  return (
    <AfterFirstScreen
      standIn={(reach) => (
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
      )}
      control={(focused) => <SiteSelect width={width} autoFocus={focused} />}
    />
  );
}
