import type { Slice } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Persistor, Storage } from 'redux-persist';
import { vi } from 'vitest';
import type { AuthSnapshot, OidcSession } from '../features/auth/oidc-session.ts';
import { DefaultBranding } from '../features/branding/components/branding-provider.tsx';
import { storageKeysFor } from '../lib/storage-keys.ts';
import { ShellContext, type ShellContextValue } from '../shell/shell-context.tsx';
import { createShellStore } from '../store/store.ts';
import { testDescriptor, testSetup } from './fixtures.ts';

/** redux-persist storage in memory, to look at what would be written. */
export function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: async (key: string) => {
      data.delete(key);
    },
  };
}

export function createTestStore(storage = memoryStorage(), slices: readonly Slice[] = []) {
  const keys = storageKeysFor(testDescriptor.id);
  const { store, persistor } = createShellStore({
    keys,
    slices,
    tenantClaim: 'tid',
    storage,
    extra: { discoveryUrl: testSetup.config.discoveryUrl, clientType: 'portal', audience: 'client' },
  });
  /** Resolves once redux-persist has rehydrated (it writes nothing before). */
  const rehydrated = () =>
    new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) return resolve();
      const unsubscribe = persistor.subscribe(() => {
        if (!persistor.getState().bootstrapped) return;
        unsubscribe();
        resolve();
      });
    });
  return { store, persistor, keys, storage, rehydrated };
}

/**
 * A sign-in session that stands still in `state` (signed out by default) and records what it is asked to do; the
 * real one (oidc-session.ts) has tests of its own.
 */
export function fakeOidcSession(state: Partial<AuthSnapshot> = {}, overrides: Partial<OidcSession> = {}) {
  const snapshot: AuthSnapshot = { user: null, isLoading: false, isAuthenticated: false, ...state };
  return {
    subscribe: () => () => undefined,
    getSnapshot: () => snapshot,
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    getUser: vi.fn(() => snapshot.user),
    removeUser: vi.fn(),
    signInData: vi.fn(() => undefined),
    events: { addAccessTokenExpired: () => () => undefined },
    ...overrides,
  } satisfies OidcSession;
}

/** Renders `element` at `path` with the shell's context, a test store and a memory router. */
export function renderWithShell(
  element: ReactElement,
  { path = '/', routePath = '*', session = fakeOidcSession() as OidcSession } = {},
) {
  const test = createTestStore();
  const context: ShellContextValue = {
    descriptor: testDescriptor,
    setup: testSetup,
    keys: test.keys,
    session,
    persistor: test.persistor as Persistor,
  };
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      ...(routePath === '*' || routePath === '/' ? [] : [{ path: '/', element: <p>root page</p> }]),
      { path: '/logout', element: <p>logged-out page</p> },
      { path: '/page-not-found', element: <p>not-found page</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ShellContext.Provider value={context}>
      <Provider store={test.store}>
        {/* Filters become antd's controls 2.5 s after mounting, which read the branding (decision 86). */}
        <DefaultBranding>
          <RouterProvider router={router} />
        </DefaultBranding>
      </Provider>
    </ShellContext.Provider>,
  );
  return { ...result, ...test, router, session };
}
