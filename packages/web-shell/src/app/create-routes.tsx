import { LIMITS } from '@portico/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ACTIVITY_PATH } from '../features/activity/components/activity-bell.tsx';
import { CallbackPage } from '../features/auth/components/callback-page.tsx';
import { CALLBACK_PATH, LOGOUT_PATH, NOT_FOUND_PATH } from '../features/auth/return-to.ts';
import { RouteErrorPage } from '../features/errors/components/route-error-page.tsx';
import { SITE_BREADCRUMB_KEY } from '../features/sites/api/get-sites.ts';
import type { AppDescriptor, ShellPage } from '../shell/app-descriptor.ts';
import type { ShellRouteHandle } from '../shell/route-handle.ts';
import { AntdScope } from '../ui/antd-scope.tsx';
import { lazyPart } from '../ui/lazy-part.tsx';
import { HomeRedirect, MenuKeyGate } from './page-gates.tsx';
import { pageModule } from './prefetch-page.ts';
import { preloadable } from './preloadable.tsx';
import { RouteRoot } from './route-root.tsx';

/** `/`, titled Login (SPEC §2): lazily loaded like every page, within the chunk time-out; asked for at once. */
const protectedRoot = preloadable(() => import('./protected-root.tsx'), LIMITS.chunkLoadTimeoutMs);

/**
 * `/logout` and `/page-not-found`, each in a chunk of its own (decision 75): nobody signing in needs them, and in the
 * shell's chunk they were bytes of every first screen.
 */
const LogoutPage = lazyPart(
  () => import('../features/auth/components/logout-page.tsx'),
  'LogoutPage',
  <PageSpinner fullPage />,
);
const NotFoundPage = lazyPart(
  () => import('../features/errors/components/not-found-page.tsx'),
  'NotFoundPage',
  <PageSpinner fullPage />,
);

/**
 * A page of the app inside the workspace: shown only when the server menu has its key, loaded on first visit (or
 * earlier, see prefetchPage), and inside antd's theme unless it is drawn with Portico's own controls only
 * (`antd: false`).
 */
function pageRoute(page: ShellPage): RouteObject {
  const { Component: Page } = pageModule(page);
  const handle: ShellRouteHandle = {
    title: page.title,
    crumb: { key: page.menuKey, title: page.title },
    menuKey: page.menuKey,
  };
  return {
    path: page.path,
    handle,
    errorElement: <RouteErrorPage />,
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
}

const ActivityPage = lazy(() => import('../features/activity/components/activity-page.tsx'));

/** `/activity` of every app (decision 53): the header's bell opens it, whatever the server's menu holds. */
function activityRoute(): RouteObject {
  const handle: ShellRouteHandle = { title: 'Activity', crumb: { key: 'activity', title: 'Activity' } };
  return {
    path: ACTIVITY_PATH.slice(1),
    handle,
    errorElement: <RouteErrorPage />,
    element: (
      <AntdScope fallback={<PageSpinner label="Loading the page…" />}>
        <Suspense fallback={<PageSpinner label="Loading the page…" />}>
          <ActivityPage />
        </Suspense>
      </AntdScope>
    ),
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
      element: (
        <Suspense fallback={<PageSpinner fullPage />}>
          <protectedRoot.Component />
        </Suspense>
      ),
      errorElement: <RouteErrorPage />,
      handle: rootHandle,
      children: [
        { index: true, element: <HomeRedirect /> },
        activityRoute(),
        ...descriptor.pages.map(pageRoute),
      ],
    },
    { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
  ];
  protectedRoot.preload().catch(() => undefined);
  return [{ element: <RouteRoot />, errorElement: <RouteErrorPage />, children: routes }];
}
