import { useMemo } from 'react';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenantCodes } from '../../../store/selectors.ts';
import { useGetTenantContextsQuery } from '../api/get-tenant-contexts.ts';

export interface TenantOption {
  value: string;
  label: string;
}

/** The token's tenants as options labelled by display name (GetTenantContexts), by code until it answers. */
export function useTenantOptions() {
  const codes = useShellSelector(selectTenantCodes);
  const token = useShellSelector(selectAccessToken);
  const query = useGetTenantContextsQuery({ codes }, { skip: codes.length === 0 || !token });
  const options = useMemo<TenantOption[]>(() => {
    const names = new Map((query.data ?? []).map((c) => [c.tenantCode, c.tenantDisplayName]));
    return codes
      .map((code) => ({ value: code, label: names.get(code) || code }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [codes, query.data]);
  return { options, codes, isLoading: query.isLoading };
}
