import { App as AntApp, ConfigProvider } from 'antd';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Branding, brandingFrom, themeConfigFor } from '../../../lib/branding.ts';
import {
  NOTIFICATION_DURATION_S,
  NOTIFICATION_PLACEMENT,
  NotificationBridge,
} from '../../../lib/notifications.tsx';
import { useShell } from '../../../shell/shell-context.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import {
  selectAccessToken,
  selectEndPoints,
  selectTenant,
  selectTenantContext,
} from '../../../store/selectors.ts';
import { useGetThemeQuery } from '../api/get-theme.ts';
import { useFavicon } from '../hooks/use-favicon.ts';

const BrandingContext = createContext<Branding | null>(null);

/**
 * Where antd puts a popup (a select's list, a date picker, a dropdown menu): inside the landmark of what opened
 * it rather than loose at the end of <body>, so it is part of the page's structure for assistive technology
 * (axe: region). Outside any landmark, <body> as before.
 */
const LANDMARKS = 'main, header, nav, aside, footer, [role=dialog], [role=region]';
const popupContainer = (trigger?: HTMLElement): HTMLElement =>
  trigger?.closest<HTMLElement>(LANDMARKS) ?? trigger?.ownerDocument.body ?? document.body;

export function useBranding(): Branding {
  const branding = useContext(BrandingContext);
  if (!branding) throw new Error('useBranding must be used inside BrandingProvider.');
  return branding;
}

/**
 * The tenant's logo, name and colours (themes call) as antd theme tokens for everything below, and its icon as
 * the favicon (SPEC §2). Before a tenant is known, Portico's own colours.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { descriptor } = useShell();
  const tenant = useShellSelector(selectTenant);
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const context = useShellSelector(selectTenantContext);
  const { currentData: theme } = useGetThemeQuery(
    { tenant: tenant ?? '' },
    { skip: !tenant || !token || !discovered },
  );
  const branding = useMemo(
    () => brandingFrom(tenant ? theme : undefined, tenant ? context : null, descriptor.name),
    [theme, context, tenant, descriptor.name],
  );
  const themeConfig = useMemo(() => themeConfigFor(branding), [branding]);
  useFavicon(tenant ? branding.icon : undefined);

  return (
    <BrandingContext.Provider value={branding}>
      <ConfigProvider theme={themeConfig} getPopupContainer={popupContainer}>
        <AntApp
          notification={{ placement: NOTIFICATION_PLACEMENT, duration: NOTIFICATION_DURATION_S }}
          component={false}
        >
          <NotificationBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </BrandingContext.Provider>
  );
}
