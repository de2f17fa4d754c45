import { setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { useTenantOptions } from '../hooks/use-tenant-options.ts';

/**
 * The header's tenant dropdown, only when the token lists more than one tenant (SPEC §2). Switching clears the
 * endpoints, so discovery, context, menu and theme load again for the new tenant (SPEC §4).
 */
export function TenantSwitcher({ width = 200 }: { width?: number | string }) {
  const dispatch = useShellDispatch();
  const tenant = useShellSelector(selectTenant);
  const { options, codes } = useTenantOptions();
  if (codes.length <= 1) return null;
  return (
    <select
      aria-label="Tenant"
      className="portico-select portico-tenant-switcher"
      value={tenant ?? ''}
      onChange={(event) => dispatch(setTenant(event.target.value))}
      style={{ width, maxWidth: '100%' }}
      data-testid="tenant-switcher"
    >
      {tenant ? null : <option value="">Select a tenant</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
