import { useEffect, useMemo, useState } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { PageSpinner } from '../components/page-spinner.tsx';
import { SetupErrorScreen } from '../config/components/setup-error-screen.tsx';
import { loadRuntimeSetup, type RuntimeSetup, SetupError } from '../config/runtime-config.ts';
import { AuthStateSync } from '../features/auth/components/auth-state-sync.tsx';
import { createOidcSession } from '../features/auth/oidc-session.ts';
import { BrandingProvider } from '../features/branding/components/branding-provider.tsx';
import { logger, setLogLevel } from '../lib/logger.ts';
import { storageKeysFor } from '../lib/storage-keys.ts';
import { type AppDescriptor, routerBasename } from '../shell/app-descriptor.ts';
import { ShellContext, type ShellContextValue } from '../shell/shell-context.tsx';
import { createShellStore } from '../store/store.ts';
import { createRoutes } from './create-routes.tsx';
import { prefetchPageAt } from './prefetch-page.ts';

type Boot =
  | { state: 'loading' }
  | { state: 'failed'; error: SetupError }
  | { state: 'ready'; setup: RuntimeSetup };

/** Everything that exists once per started app: store, persistence, sign-in and router. */
function useShellRuntime(descriptor: AppDescriptor, setup: RuntimeSetup) {
  return useMemo(() => {
    const keys = storageKeysFor(descriptor.id);
    const { store, persistor } = createShellStore({
      keys,
      ...(descriptor.slices ? { slices: descriptor.slices } : {}),
      tenantClaim: setup.config.tenantClaim,
      extra: {
        discoveryUrl: setup.config.discoveryUrl,
        clientType: descriptor.clientType,
        audience: descriptor.audience,
      },
    });
    const session = createOidcSession(setup, keys);
    const router = createBrowserRouter(createRoutes(descriptor), {
      basename: routerBasename(descriptor.basePath),
    });
    // The page the app opens on starts loading now, beside sign-in and discovery, not once they are done.
    prefetchPageAt(router.state.location.pathname, descriptor.pages);
    const context: ShellContextValue = { descriptor, setup, keys, session, persistor };
    return { store, persistor, router, context };
  }, [descriptor, setup]);
}

function ShellRuntime({ descriptor, setup }: { descriptor: AppDescriptor; setup: RuntimeSetup }) {
  const { store, persistor, router, context } = useShellRuntime(descriptor, setup);
  return (
    <ShellContext.Provider value={context}>
      <ReduxProvider store={store}>
        <PersistGate loading={<PageSpinner fullPage />} persistor={persistor}>
          <AuthStateSync />
          <BrandingProvider>
            <RouterProvider router={router} />
          </BrandingProvider>
        </PersistGate>
      </ReduxProvider>
    </ShellContext.Provider>
  );
}

/**
 * A front end built from the shell: loads /config.json and the issuer, then runs sign-in, tenant selection,
 * discovery and the master layout with the descriptor's pages. A bad setup shows its error screen.
 */
export function WebShell({ descriptor }: { descriptor: AppDescriptor }) {
  const [boot, setBoot] = useState<Boot>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    loadRuntimeSetup(descriptor.client)
      .then((setup) => {
        setLogLevel(setup.config.logLevel);
        logger.debug('runtime setup', { issuer: setup.issuer, client: setup.client.clientId });
        if (!cancelled) setBoot({ state: 'ready', setup });
      })
      .catch((error: unknown) => {
        logger.error('start-up failed', error);
        const setupError =
          error instanceof SetupError
            ? error
            : new SetupError('The portal could not start.', [String(error)]);
        if (!cancelled) setBoot({ state: 'failed', error: setupError });
      });
    return () => {
      cancelled = true;
    };
  }, [descriptor.client]);

  if (boot.state === 'loading') return <PageSpinner fullPage label="Starting…" />;
  if (boot.state === 'failed')
    return <SetupErrorScreen message={boot.error.message} details={boot.error.details} />;
  return <ShellRuntime descriptor={descriptor} setup={boot.setup} />;
}
