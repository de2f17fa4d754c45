import { selectAccessToken, selectTenant, useShellSelector } from '@portico/web-shell';

/** The current tenant for query arguments (so a tenant switch asks again), and whether calls can be made. */
export function useTenant(): { tenant: string; ready: boolean } {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  return { tenant, ready: !!tenant && !!token };
}
