import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectTenant, selectTenantCodes } from '../../../store/selectors.ts';
import { decideTenant } from '../tenant-decision.ts';
import { TenantSelectionPage } from './tenant-selection-page.tsx';

/**
 * The protected area needs a tenant (SPEC §2): one in the token is chosen automatically, several show the tenant
 * selection screen, and a stored tenant the token no longer lists is cleared.
 */
export function TenantGuard({ children, onLogout }: { children: ReactNode; onLogout: () => void }) {
  const dispatch = useShellDispatch();
  const codes = useShellSelector(selectTenantCodes);
  const stored = useShellSelector(selectTenant);
  const decision = decideTenant(codes, stored);

  // The tenant to store: null clears a stale one, a code selects the only one, undefined changes nothing.
  const change = decision.type === 'clear' ? null : decision.type === 'select' ? decision.tenant : undefined;
  useEffect(() => {
    if (change !== undefined) dispatch(setTenant(change));
  }, [change, dispatch]);

  switch (decision.type) {
    case 'ready':
      return children;
    case 'choose':
      return <TenantSelectionPage />;
    case 'none':
      return (
        <CenteredPage>
          <Result
            status="403"
            title="No firm has given you access yet"
            subTitle="Your account is not linked to any tenant. Please contact the system administrator."
            extra={
              <Button type="primary" onClick={onLogout}>
                Log out
              </Button>
            }
          />
        </CenteredPage>
      );
    default:
      return <PageSpinner fullPage label="Preparing your workspace…" />;
  }
}
