import type { AppDescriptor } from '@portico/web-shell';
import { NotAllowedPage } from '../features/access/components/not-allowed-page.tsx';
import { STAFF_REFUSAL_CODES } from '../lib/staff-only.ts';
import { CONTROL_PANEL_ROUTES, requiredRoleOf, toShellPages } from './routes.tsx';

/** The firm's console as the web shell runs it: its own OIDC client, the staff menu, pages from the routes. */
export const controlPanelDescriptor: AppDescriptor = {
  id: 'control-panel',
  name: 'Portico control panel',
  basePath: '/control-panel/',
  client: 'controlPanel',
  clientType: 'control-panel',
  audience: requiredRoleOf(CONTROL_PANEL_ROUTES),
  homePath: '/sites',
  pages: toShellPages(CONTROL_PANEL_ROUTES),
  // A client who signs in here is told so, with the way to the portal, instead of an error.
  accessDenied: { codes: STAFF_REFUSAL_CODES, page: NotAllowedPage },
  // The console works across sites: no selected site in its breadcrumb, no site switcher.
  siteSelection: false,
};
