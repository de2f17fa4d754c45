import type { ServiceType } from '@portico/contracts';
import { setEndPoints, setSelectedSite, setTenant } from '../store/app-slice.ts';
import { authStateChanged } from '../store/client-state-slice.ts';
import type { createTestStore } from './render-with-shell.tsx';

type TestStore = ReturnType<typeof createTestStore>['store'];

/** The first page of a file list as the tables ask for it (newest first). */
export const FIRST_FILE_PAGE = { limit: 10, offset: 0, sortBy: 'createdAt', sortOrder: 'desc' } as const;

/**
 * Puts a test store where a signed-in user of tenant `acme` stands: `services` discovered at
 * `http://api.test/t/acme/{service}/`, the access token `tok`, and `siteId` selected when given.
 */
export function signIn(store: TestStore, { services, siteId }: { services: ServiceType[]; siteId?: string }) {
  store.dispatch(setTenant('acme'));
  store.dispatch(
    setEndPoints(
      services.map((serviceType) => ({
        serviceType,
        entrypointAddress: `http://api.test/t/acme/${serviceType}/`,
        roleType: 'r',
      })),
    ),
  );
  if (siteId) store.dispatch(setSelectedSite(siteId));
  store.dispatch(
    authStateChanged({
      isAuthenticated: true,
      idToken: null,
      accessToken: 'tok',
      refreshToken: null,
      error: null,
    }),
  );
  return store;
}
