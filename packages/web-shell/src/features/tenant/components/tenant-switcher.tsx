import { type KeyboardEvent, useRef, useState } from 'react';
import { setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { useTenantOptions } from '../hooks/use-tenant-options.ts';

/** Keys that move a closed native select to another option without any choice being confirmed. */
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The header's tenant dropdown, only when the token lists more than one tenant (SPEC §2). Switching clears the
 * endpoints, so discovery, context, menu and theme load again for the new tenant (SPEC §4). A closed native
 * select changes its value on each arrow key: those only browse (issue 30); the firm switches on a confirmed
 * choice, Enter or a pick from the list, and leaving the field without one goes back to the current firm.
 */
export function TenantSwitcher({ width = 200 }: { width?: number | string }) {
  const dispatch = useShellDispatch();
  const tenant = useShellSelector(selectTenant);
  const { options, codes } = useTenantOptions();
  const [browsing, setBrowsing] = useState<string | undefined>();
  const byKey = useRef(false);
  if (codes.length <= 1) return null;

  const choose = (code: string) => {
    setBrowsing(undefined);
    if (code && code !== tenant) dispatch(setTenant(code));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      byKey.current = false;
      choose(event.currentTarget.value);
    } else byKey.current = BROWSING_KEYS.has(event.key) || event.key.length === 1;
  };
  return (
    <select
      aria-label="Tenant"
      className="portico-select portico-tenant-switcher"
      value={browsing ?? tenant ?? ''}
      onKeyDown={onKeyDown}
      onPointerDown={() => {
        byKey.current = false;
      }}
      onChange={(event) => {
        if (byKey.current) setBrowsing(event.target.value);
        else choose(event.target.value);
      }}
      onBlur={() => setBrowsing(undefined)}
      // Under a third of a phone's width: beside the bell, the user and Log out, a 360 px header still fits. (Not
      // `min(100%, …)`: a percentage of a container sized by its content is ignored when that size is worked out,
      // and the header's end then kept room for the full width.)
      style={{ width, maxWidth: '30vw' }}
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
