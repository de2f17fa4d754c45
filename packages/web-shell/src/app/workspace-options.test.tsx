import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BrandingProvider } from '../features/branding/components/branding-provider.tsx';
import * as notifications from '../lib/notifications.tsx';
import type { AccessDeniedProps, AppDescriptor } from '../shell/app-descriptor.ts';
import { ShellContext } from '../shell/shell-context.tsx';
import { setApiError, setEndPoints, setMenuItems, setTenant, setTenantContext } from '../store/app-slice.ts';
import { authStateChanged } from '../store/client-state-slice.ts';
import { fakeOidcSession, testDescriptor, testSetup } from '../testing/index.ts';
import { createTestStore } from '../testing/render-with-shell.tsx';
import { Workspace } from './workspace.tsx';

function DeniedPage({ error, userName }: AccessDeniedProps) {
  return (
    <p>
      not for {userName ?? 'you'}: {error.code}
    </p>
  );
}

const descriptor: AppDescriptor = {
  ...testDescriptor,
  accessDenied: { codes: ['auth.staff_only', 'auth.forbidden'], page: DeniedPage },
};

type Dispatch = ReturnType<typeof createTestStore>['store']['dispatch'];

/** The workspace at `/` with a routed page inside, after `prepare` has put the state under test in place. */
function renderWorkspace(prepare: (dispatch: Dispatch) => void, app: AppDescriptor = descriptor) {
  const test = createTestStore();
  test.store.dispatch(setTenant('acme'));
  test.store.dispatch(
    authStateChanged({
      isAuthenticated: true,
      idToken: null,
      accessToken: 't',
      refreshToken: null,
      error: null,
    }),
  );
  prepare(test.store.dispatch);
  const router = createMemoryRouter(
    [{ path: '/', element: <Workspace />, children: [{ index: true, element: <p>the routed page</p> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <ShellContext.Provider
      value={{
        descriptor: app,
        setup: testSetup,
        keys: test.keys,
        session: fakeOidcSession(),
        persistor: test.persistor as Persistor,
      }}
    >
      <Provider store={test.store}>
        <BrandingProvider>
          <RouterProvider router={router} />
        </BrandingProvider>
      </Provider>
    </ShellContext.Provider>,
  );
}

beforeEach(() => {
  // No server here: the tenant calls stay pending instead of replacing the error under test.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an app only some roles may use', () => {
  test("a refusal the descriptor names shows its page instead of the workspace, with no 'App Initialization Error'", async () => {
    const error = vi.spyOn(notifications.notify, 'error');
    renderWorkspace((dispatch) => dispatch(setApiError({ code: 'auth.staff_only', message: 'refused' })));
    expect(await screen.findByText('not for you: auth.staff_only')).toBeVisible();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  test('any other initialisation error still shows the error and its notification', async () => {
    const error = vi.spyOn(notifications.notify, 'error');
    renderWorkspace((dispatch) => dispatch(setApiError({ code: 'server.internal', message: 'refused' })));
    expect(await screen.findByTestId('initialisation-error')).toBeVisible();
    expect(screen.queryByText(/not for/)).toBeNull();
    expect(error).toHaveBeenCalledWith('App Initialization Error', 'refused', 'app-initialization-error');
  });
});

describe('an app that works across sites', () => {
  const ready = (dispatch: Dispatch) => {
    dispatch(setTenantContext({ tenantCode: 'acme', tenantDisplayName: 'Acme', tenantIcon: '' }));
    dispatch(
      setEndPoints([
        { serviceType: 'user', entrypointAddress: 'http://api.test/t/acme/user/', roleType: 'r' },
      ]),
    );
    dispatch(
      setMenuItems([
        { key: 'publishedFiles', name: 'Published Files', order: 1, noRoute: false, subMenus: [] },
      ]),
    );
  };

  test('opens without a selected site (a firm with no sites yet still reaches its console)', async () => {
    renderWorkspace(ready, { ...descriptor, siteSelection: false });
    await waitFor(() => expect(screen.getByText('the routed page')).toBeInTheDocument());
  });

  test('the portal still waits for its selected site (SPEC §4)', async () => {
    renderWorkspace(ready);
    await waitFor(() => expect(screen.getByText('Loading your workspace…')).toBeInTheDocument());
    expect(screen.queryByText('the routed page')).toBeNull();
  });
});
