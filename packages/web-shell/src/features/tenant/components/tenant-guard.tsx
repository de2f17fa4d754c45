import { TENANT_CODE_PATTERN } from '@portico/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { CenteredPage } from '../../../components/centered-page.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { setSelectedSite, setTenant } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant, selectTenantCodes } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { Result } from '../../../ui/result.tsx';
import { decideTenant } from '../tenant-decision.ts';

/**
 * The tenant selection screen, in a chunk of its own (decision 75): only people whose token lists several firms
 * and who have not chosen one see it, and in the shell's chunk it was bytes of everyone's first screen.
 */
const TenantSelectionPage = lazyPart(
  () => import('./tenant-selection-page.tsx'),
  'TenantSelectionPage',
  <PageSpinner fullPage />,
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The firm and site a link asks for, as far as they look like a tenant code and a site id. */
function linkSelection(): { tenant?: string; site?: string } {
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const tenant = params.get('tenant') ?? '';
  const site = params.get('site') ?? '';
  return {
    ...(new RegExp(TENANT_CODE_PATTERN).test(tenant) ? { tenant } : {}),
    ...(UUID.test(site) ? { site } : {}),
  };
}

/**
 * The protected area needs a tenant (SPEC §2): one in the token is chosen automatically, several show the tenant
 * selection screen, and a stored tenant the token no longer lists is cleared.
 */
export function TenantGuard({ children, onLogout }: { children: ReactNode; onLogout: () => void }) {
  const dispatch = useShellDispatch();
  const codes = useShellSelector(selectTenantCodes);
  const stored = useShellSelector(selectTenant);
  const hasToken = useShellSelector(selectAccessToken) !== null;
  const decision = decideTenant(hasToken ? codes : null, stored);

  // A link from a mail (`?tenant=acme&site=…`) opens that firm and site, once, if the token lists the firm; the
  // server still decides what the person may see there.
  const link = useRef(linkSelection());
  useEffect(() => {
    const { tenant, site } = link.current;
    if (!codes.length || (!tenant && !site)) return;
    link.current = {};
    if (tenant && !codes.includes(tenant)) return;
    if (tenant) dispatch(setTenant(tenant));
    if (site) dispatch(setSelectedSite(site));
  }, [codes, dispatch]);

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
              <Button variant="primary" onClick={onLogout}>
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
