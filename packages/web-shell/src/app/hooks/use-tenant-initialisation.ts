import { useGetThemeQuery } from '../../features/branding/api/get-theme.ts';
import { useDiscoverServicesQuery } from '../../features/discovery/api/discover-services.ts';
import { useGetMenuQuery } from '../../features/layout/api/get-menu.ts';
import { useSelectFirstSiteQuery } from '../../features/sites/api/get-sites.ts';
import { useLoadTenantContextQuery } from '../../features/tenant/api/get-tenant-contexts.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { useShellSelector } from '../../store/hooks.ts';
import { selectAccessToken, selectApiError, selectEndPoints, selectTenant } from '../../store/selectors.ts';

// A tenant switch (or a retry) must run every call again even when an answer for the same tenant is still
// cached, because their results are copied into the app state, which the switch cleared.
const FRESH = { refetchOnMountOrArgChange: true } as const;

/**
 * SPEC §1, §4: with a tenant, discover its services, load its context, then its menu, theme and first site
 * page. Each call stores its result in the app state (or `apiError`).
 */
export function useTenantInitialisation() {
  const { descriptor } = useShell();
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const endPoints = useShellSelector(selectEndPoints);
  const apiError = useShellSelector(selectApiError);
  const canCall = !!tenant && !!token;
  const discovered = endPoints.length > 0;

  const discovery = useDiscoverServicesQuery(
    { tenant },
    { skip: !canCall || discovered || !!apiError, ...FRESH },
  );
  const context = useLoadTenantContextQuery({ tenant }, { skip: !canCall, ...FRESH });
  const services = { skip: !canCall || !discovered, ...FRESH };
  const menu = useGetMenuQuery({ tenant, audience: descriptor.audience }, services);
  const theme = useGetThemeQuery({ tenant }, services);
  const sites = useSelectFirstSiteQuery({ tenant }, services);
  return { discovery, context, menu, theme, sites };
}
