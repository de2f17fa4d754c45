import { useCallback } from 'react';
import { LoginGate } from '../features/auth/components/login-gate.tsx';
import { useLogout, useSignOutWithOtherTabs } from '../features/auth/hooks/use-logout.ts';
import { TenantGuard } from '../features/tenant/components/tenant-guard.tsx';
import { Workspace } from './workspace.tsx';

/**
 * `/` (SPEC §2, titled Login, lazily loaded): sign-in first, then a tenant, then the workspace with its
 * lazily loaded pages.
 */
export default function ProtectedRoot() {
  const logout = useLogout();
  const onLogout = useCallback(() => void logout(), [logout]);
  useSignOutWithOtherTabs();
  return (
    <LoginGate>
      <TenantGuard onLogout={onLogout}>
        <Workspace />
      </TenantGuard>
    </LoginGate>
  );
}
