import { createContext, type ReactNode, useContext, useLayoutEffect, useMemo } from 'react';
import { type Branding, brandingCssVariables, brandingFrom } from '../../../lib/branding.ts';
import { Notifications } from '../../../lib/notifications.tsx';
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

export function useBranding(): Branding {
  const branding = useContext(BrandingContext);
  if (!branding) throw new Error('useBranding must be used inside BrandingProvider.');
  return branding;
}

/**
 * Portico's own branding for a page drawn on its own, without the shell (the tests of one page): what antd's
 * theme reads once a control drawn with antd appears (`AfterFirstScreen`, 2.5 s after mounting).
 */
export function DefaultBranding({ children }: { children: ReactNode }) {
  const branding = useMemo(() => brandingFrom(undefined, null, 'Portico'), []);
  return <BrandingContext.Provider value={branding}>{children}</BrandingContext.Provider>;
}

/**
 * The tenant's logo, name and colours (themes call) for everything below: as custom properties on the document for
 * Portico's own controls (and as antd tokens inside an `AntdScope`), and its icon as the favicon (SPEC §2). Before
 * a tenant is known, Portico's own colours. The notifications are drawn here, in the tenant's look.
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
  useFavicon(tenant ? branding.icon : undefined);
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    const variables = Object.entries(brandingCssVariables(branding));
    for (const [name, value] of variables) style.setProperty(name, value);
    return () => {
      for (const [name] of variables) style.removeProperty(name);
    };
  }, [branding]);

  return (
    <BrandingContext.Provider value={branding}>
      {children}
      <Notifications />
    </BrandingContext.Provider>
  );
}
