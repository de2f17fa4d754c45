import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ActivityBell } from '../features/activity/components/activity-bell.tsx';
import { useAssignedToMeCount } from '../features/assignments/api/assignments.ts';
import { useIdleLogout } from '../features/auth/hooks/use-idle-logout.ts';
import { useLogout } from '../features/auth/hooks/use-logout.ts';
import { useBranding } from '../features/branding/components/branding-provider.tsx';
import { usePersonName } from '../features/layout/api/get-current-person.ts';
import { buildCrumbs } from '../features/layout/breadcrumbs.ts';
import { MasterLayout } from '../features/layout/components/master-layout.tsx';
import { buildNavItems, type NavItem, selectedKeyFor } from '../features/layout/menu-model.ts';
import { useOpenRequestItemCount } from '../features/requests/api/get-open-request-item-count.ts';
import { SiteSwitcher } from '../features/sites/components/site-switcher.tsx';
import { useHasSeveralSites } from '../features/sites/hooks/use-has-several-sites.ts';
import { TenantSwitcher } from '../features/tenant/components/tenant-switcher.tsx';
import { notify } from '../lib/notifications.tsx';
import { useShell } from '../shell/shell-context.tsx';
import { computeIsInitializing, retryInitialisation } from '../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../store/hooks.ts';
import {
  selectApiError,
  selectDynamicBreadcrumbValues,
  selectHasSeveralTenants,
  selectIsInitializing,
  selectMenuItems,
  selectPublishedFileCount,
} from '../store/selectors.ts';
import { Button } from '../ui/button.tsx';
import { Result } from '../ui/result.tsx';
import { useTenantInitialisation } from './hooks/use-tenant-initialisation.ts';
import { PublishedFileCountPoller } from './published-file-count-poller.tsx';

/** Whether the menu the server gave shows an item with this badge (at any depth). */
const showsBadge = (items: readonly NavItem[], badge: NavItem['badge']): boolean =>
  items.some((item) => item.badge === badge || showsBadge(item.children, badge));

/** Title of the notification shown when initialisation fails (SPEC §8). */
export const APP_INITIALIZATION_ERROR = 'App Initialization Error';

function menuTitlesOf(items: ReturnType<typeof selectMenuItems>): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (list: typeof items) => {
    for (const item of list) {
      titles.set(item.key, item.name);
      walk(item.subMenus ?? []);
    }
  };
  walk(items);
  return titles;
}

/** The content area while the tenant is not ready: why, and what the user can do. */
function InitialisingContent({ init }: { init: ReturnType<typeof useTenantInitialisation> }) {
  const dispatch = useShellDispatch();
  const apiError = useShellSelector(selectApiError);
  if (apiError)
    return (
      <Result
        status="error"
        title="The portal could not be prepared"
        subTitle={apiError.message}
        extra={
          <Button variant="primary" onClick={() => dispatch(retryInitialisation())}>
            Try again
          </Button>
        }
        data-testid="initialisation-error"
      />
    );
  if (init.menu.isSuccess && (init.menu.currentData?.items.length ?? 0) === 0)
    return (
      <Result
        status="info"
        title="Nothing to show yet"
        subTitle="No modules are enabled for you in this tenant. Please contact the system administrator."
      />
    );
  if (init.sites.isSuccess && (init.sites.currentData?.records.length ?? 0) === 0)
    return (
      <Result
        status="info"
        title="No sites yet"
        subTitle="You are not a member of any site of this firm yet. Please contact the firm."
        data-testid="no-sites"
      />
    );
  return <PageSpinner label="Loading your workspace…" />;
}

/** The protected area with a tenant: initialisation, the master layout and the routed page. */
export function Workspace() {
  const { descriptor, keys, setup } = useShell();
  const init = useTenantInitialisation();
  const branding = useBranding();
  const logout = useLogout();
  const location = useLocation();
  const matches = useMatches();
  const menuItems = useShellSelector(selectMenuItems);
  // An app that works across sites does not wait for a selected site: a firm without sites yet must still reach
  // its console to create the first one.
  const acrossSites = descriptor.siteSelection === false;
  const isInitializing = useShellSelector((state) =>
    acrossSites
      ? computeIsInitializing({ ...state.app, selectedSite: state.app.selectedSite ?? 'none needed' })
      : selectIsInitializing(state),
  );
  const apiError = useShellSelector(selectApiError);
  const userName = usePersonName();
  const several = useShellSelector(selectHasSeveralTenants);
  const dynamicValues = useShellSelector(selectDynamicBreadcrumbValues);
  const publishedFileCount = useShellSelector(selectPublishedFileCount);
  const severalSites = useHasSeveralSites();

  const loggingOut = useRef(false);
  const onLogout = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    void logout();
  }, [logout]);
  useIdleLogout(onLogout);

  // A refusal the app expects (a client in the staff console) is a page of its own, not an error.
  const denied =
    apiError && descriptor.accessDenied?.codes.includes(apiError.code) ? descriptor.accessDenied : undefined;

  useEffect(() => {
    if (apiError && !denied)
      notify.error(APP_INITIALIZATION_ERROR, apiError.message, 'app-initialization-error');
  }, [apiError, denied]);

  const navItems = useMemo(() => buildNavItems(menuItems, descriptor.pages), [menuItems, descriptor.pages]);
  const crumbs = useMemo(
    () => buildCrumbs(matches, dynamicValues, menuTitlesOf(menuItems)),
    [matches, dynamicValues, menuItems],
  );
  const badgePoller = descriptor.pages.some((p) => p.badge === 'publishedFileCount');
  const openRequestItemCount = useOpenRequestItemCount(
    !isInitializing && showsBadge(navItems, 'openRequestItemCount'),
  );
  const assignedToMeCount = useAssignedToMeCount(
    !isInitializing && showsBadge(navItems, 'assignedToMeCount'),
  );
  const effects = descriptor.layoutEffects ?? [];

  if (denied && apiError) {
    const AccessDeniedPage = denied.page;
    return (
      <AccessDeniedPage
        error={apiError}
        userName={userName}
        tenantSwitcher={several ? <TenantSwitcher /> : undefined}
        onLogout={onLogout}
      />
    );
  }

  return (
    <MasterLayout
      branding={branding}
      userName={userName}
      accountUrl={accountUrlOf(setup.issuer, descriptor.basePath)}
      tenantSwitcher={several ? <TenantSwitcher /> : undefined}
      activity={isInitializing ? undefined : <ActivityBell />}
      siteSwitcher={
        severalSites && !isInitializing && descriptor.siteSelection !== false ? <SiteSwitcher /> : undefined
      }
      navItems={navItems}
      selectedKey={selectedKeyFor(location.pathname, descriptor.pages)}
      badges={{
        publishedFileCount,
        ...(openRequestItemCount === undefined ? {} : { openRequestItemCount }),
        ...(assignedToMeCount === undefined ? {} : { assignedToMeCount }),
      }}
      crumbs={isInitializing ? [] : crumbs}
      collapsedStorageKey={keys.sideMenuCollapsed}
      version={setup.config.version}
      onLogout={onLogout}
    >
      {isInitializing ? (
        <InitialisingContent init={init} />
      ) : (
        <>
          {badgePoller ? <PublishedFileCountPoller /> : null}
          {effects.map((Effect, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the app's lifetime
            <Effect key={index} />
          ))}
          <Suspense fallback={<PageSpinner label="Loading the page…" />}>
            <Outlet />
          </Suspense>
        </>
      )}
    </MasterLayout>
  );
}

/**
 * The embedded provider's "Sign-in and security" page (decision 45), with the way back to this front end; an
 * external provider has its own account pages, which Portico does not know.
 */
function accountUrlOf(issuer: string, basePath: string): string | undefined {
  const origin = window.location.origin;
  if (issuer !== `${origin}/oidc`) return undefined;
  return `${origin}/idp/account/security?back=${basePath.startsWith('/control-panel') ? 'control-panel' : 'portal'}`;
}
