import { LIMITS } from '@portico/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { CallbackPage } from '../features/auth/components/callback-page.tsx';
import { LogoutPage } from '../features/auth/components/logout-page.tsx';
import { CALLBACK_PATH, LOGOUT_PATH, NOT_FOUND_PATH } from '../features/auth/return-to.ts';
import { NotFoundPage } from '../features/errors/components/not-found-page.tsx';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { withTimeout } from '../features/errors/lazy-with-timeout.ts';
import { SITE_BREADCRUMB_KEY } from '../features/sites/api/get-sites.ts';
import type { AppDescriptor, ShellPage } from '../shell/app-descriptor.ts';
import type { ShellRouteHandle } from '../shell/route-handle.ts';
import { AntdScope } from '../ui/antd-scope.tsx';
import { HomeRedirect, MenuKeyGate } from './page-gates.tsx';
import { RouteRoot } from './route-root.tsx';

/**
 * Route modules load through react-router's `lazy` rather than React.lazy: the router fetches the module of the
 * address being opened as it starts, alongside sign-in and discovery, and renders the route once it is there. With
 * React.lazy each page first suspended, and React holds a revealed Suspense boundary back by up to 300 ms, which
 * was a fifth of the time to the first screen under a slow CPU (issue 19). The chunk time-out applies as before.
 */
const timed = <T,>(load: () => Promise<T>) => withTimeout(load(), LIMITS.chunkLoadTimeoutMs);

/**
 * A page of the app inside the workspace: shown only when the server menu has its key, loaded on first visit, and
 * inside antd's theme unless it is drawn with Portico's own controls only (`antd: false`).
 */
function pageRoute(page: ShellPage): RouteObject {
  const handle: ShellRouteHandle = {
    title: page.title,
    crumb: { key: page.menuKey, title: page.title },
    menuKey: page.menuKey,
  };
  return {
    path: page.path,
    handle,
    errorElement: <RouteErrorPage />,
    lazy: async () => {
      const { default: Page } = await timed(page.load);
      return {
        element: (
          <MenuKeyGate menuKey={page.menuKey}>
            {page.antd === false ? (
              <Page />
            ) : (
              <AntdScope fallback={<PageSpinner label="Loading the page…" />}>
                <Page />
              </AntdScope>
            )}
          </MenuKeyGate>
        ),
      };
    },
  };
}

/**
 * SPEC §2 routes: `/` (the protected root with the app's pages inside the master layout), `/login/callback`,
 * `/logout`, `/page-not-found`; anything else goes to `/page-not-found`.
 */
export function createRoutes(descriptor: AppDescriptor): RouteObject[] {
  const rootHandle: ShellRouteHandle = {
    title: 'Login',
    ...(descriptor.siteSelection === false ? {} : { crumb: { key: SITE_BREADCRUMB_KEY } }),
  };
  const routes: RouteObject[] = [
    {
      path: CALLBACK_PATH,
      element: <CallbackPage />,
      errorElement: <RouteErrorPage />,
      handle: { title: 'Signing in' } satisfies ShellRouteHandle,
    },
    {
      path: LOGOUT_PATH,
      element: <LogoutPage />,
      errorElement: <RouteErrorPage />,
      handle: { title: 'Logged out' } satisfies ShellRouteHandle,
    },
    {
      path: NOT_FOUND_PATH,
      element: <NotFoundPage />,
      handle: { title: 'Page not found' } satisfies ShellRouteHandle,
    },
    {
      path: '/',
      // `/`, titled Login (SPEC §2): lazily loaded like every page, within the chunk time-out.
      lazy: async () => ({ Component: (await timed(() => import('./protected-root.tsx'))).default }),
      errorElement: <RouteErrorPage />,
      handle: rootHandle,
      children: [{ index: true, element: <HomeRedirect /> }, ...descriptor.pages.map(pageRoute)],
    },
    { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
  ];
  return [
    {
      element: <RouteRoot />,
      errorElement: <RouteErrorPage />,
      // While the router fetches the first route's module as it starts.
      hydrateFallbackElement: <PageSpinner fullPage />,
      children: routes,
    },
  ];
}
