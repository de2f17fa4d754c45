import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { menuApi } from '../features/layout/api/get-menu.ts';
import { sitesApi } from '../features/sites/api/get-sites.ts';
import { setMenuItems, setTenantContext } from '../store/app-slice.ts';
import { createTestStore } from '../testing/render-with-shell.tsx';
import { signIn } from '../testing/signed-in.ts';

const SITE = '0b7c6c1e-7a1f-4f3e-9d7c-2d3f4a5b6c7d';
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A store where the tenant is prepared (context, services, menu, a selected site): the workspace stands. */
function preparedStore() {
  const { store } = createTestStore();
  signIn(store, { services: ['portal', 'user'], siteId: SITE });
  store.dispatch(setTenantContext({ tenantCode: 'acme', tenantDisplayName: 'Acme', tenantIcon: '' }));
  store.dispatch(
    setMenuItems([
      { key: 'publishedFiles', name: 'Published Files', order: 1, noRoute: false, subMenus: [] },
    ]),
  );
  expect(store.getState().app.isInitializing).toBe(false);
  return store;
}

const unreachable = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};
const refused = async () =>
  Response.json(
    { error: { code: 'auth.forbidden', message: 'You are no longer a member.' } },
    { status: 403 },
  );

describe('a failed call of the tenant’s preparation', () => {
  test('once the workspace stands, a refresh that cannot reach the server keeps the page as it is', async () => {
    const store = preparedStore();
    fetchMock.mockImplementation(unreachable);
    await store.dispatch(
      sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }, { forceRefetch: true }),
    );
    await store.dispatch(
      menuApi.endpoints.getMenu.initiate({ tenant: 'acme', audience: 'client' }, { forceRefetch: true }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getState().app.apiError).toBeNull();
    expect(store.getState().app.isInitializing).toBe(false);
    expect(store.getState().app.selectedSite).toBe(SITE);

    // A proxy that cannot reach the server for now (502, 503, 504) is the same.
    fetchMock.mockImplementation(async () => new Response('Bad Gateway', { status: 502 }));
    await store.dispatch(
      sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }, { forceRefetch: true }),
    );
    expect(store.getState().app.apiError).toBeNull();
  });

  test('an answer the server gave is still shown once the workspace stands', async () => {
    const store = preparedStore();
    fetchMock.mockImplementation(refused);
    await store.dispatch(
      sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }, { forceRefetch: true }),
    );
    expect(store.getState().app.apiError).toMatchObject({ code: 'auth.forbidden', status: 403 });
    expect(store.getState().app.isInitializing).toBe(true);
  });

  test('while the tenant is being prepared, an unreachable server is why it cannot be', async () => {
    const { store } = createTestStore();
    signIn(store, { services: ['portal', 'user'] });
    fetchMock.mockImplementation(unreachable);
    await store.dispatch(sitesApi.endpoints.selectFirstSite.initiate({ tenant: 'acme' }));
    expect(store.getState().app.apiError).toMatchObject({ code: 'FETCH_ERROR' });
  });
});
