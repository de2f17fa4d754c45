import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { notify } from '../../../lib/notifications.tsx';
import { setTenant } from '../../../store/app-slice.ts';
import { authStateChanged } from '../../../store/client-state-slice.ts';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { discoveryApi, discoveryErrorDescription, discoveryRequestFor } from './discover-services.ts';

vi.mock('../../../lib/notifications.tsx', () => ({
  notify: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(notify.error).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function storeFor(tenant: string, token: string | null = 'token') {
  const test = createTestStore();
  test.store.dispatch(setTenant(tenant));
  test.store.dispatch(
    authStateChanged({
      isAuthenticated: !!token,
      idToken: null,
      accessToken: token,
      refreshToken: null,
      error: null,
    }),
  );
  return test.store;
}

describe('discovery', () => {
  test('asks for the document-management role of the tenant', () => {
    expect(discoveryRequestFor('acme')).toEqual({ TenantCode: 'acme', RoleType: 'DocumentManagementRole' });
  });

  test("stores the portal's addresses as endPoints", async () => {
    fetchMock.mockResolvedValue(
      Response.json([
        {
          serviceType: 'user',
          roleType: 'DocumentManagementRole',
          clientEndpoints: [
            { clientType: 'portal', entrypointAddress: 'http://h/t/acme/user/' },
            { clientType: 'control-panel', entrypointAddress: 'http://h/t/acme/user-cp/' },
          ],
        },
      ]),
    );
    const store = storeFor('acme');
    await store.dispatch(discoveryApi.endpoints.discoverServices.initiate({ tenant: 'acme' }));
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://localhost:3000/discovery/api/DiscoveryContext/DiscoverServices');
    expect(await request.json()).toEqual({ TenantCode: 'acme', RoleType: 'DocumentManagementRole' });
    expect(store.getState().app.endPoints).toEqual([
      { serviceType: 'user', entrypointAddress: 'http://h/t/acme/user/', roleType: 'DocumentManagementRole' },
    ]);
  });

  test("a failure stores the error code and shows the 'Discovery Service Error' toast", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { error: { code: 'auth.tenant_forbidden', message: 'Not your tenant.' } },
        { status: 403 },
      ),
    );
    const store = storeFor('acme');
    await store.dispatch(discoveryApi.endpoints.discoverServices.initiate({ tenant: 'acme' }));
    expect(store.getState().app.apiError).toEqual({
      code: 'auth.tenant_forbidden',
      message: 'Not your tenant.',
      status: 403,
    });
    expect(notify.error).toHaveBeenCalledWith(
      'Discovery Service Error',
      'Response Error! Not your tenant.',
      'discovery-error',
    );
  });

  test("without a token the toast says 'Token Not Found !'", async () => {
    const store = storeFor('acme', null);
    await store.dispatch(discoveryApi.endpoints.discoverServices.initiate({ tenant: 'acme' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Discovery Service Error',
      'Token Not Found !',
      'discovery-error',
    );
    expect(store.getState().app.apiError?.code).toBe('auth.token_missing');
  });

  test('an answer for a tenant the user has left is ignored', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const store = storeFor('acme');
    const pending = store.dispatch(discoveryApi.endpoints.discoverServices.initiate({ tenant: 'acme' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    store.dispatch(setTenant('globex'));
    answer(
      Response.json([
        {
          serviceType: 'user',
          roleType: 'r',
          clientEndpoints: [{ clientType: 'portal', entrypointAddress: 'http://h/' }],
        },
      ]),
    );
    await pending;
    expect(store.getState().app.endPoints).toEqual([]);
  });

  test('error descriptions', () => {
    expect(discoveryErrorDescription({ status: 'FETCH_ERROR', error: 'x' })).toBe(
      'Response Error! The server could not be reached. Check your connection and try again.',
    );
  });
});
