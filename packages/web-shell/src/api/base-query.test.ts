import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DISCOVERY_MESSAGES } from '../lib/http-errors.ts';
import { setEndPoints, setTenant } from '../store/app-slice.ts';
import { authStateChanged } from '../store/client-state-slice.ts';
import { createTestStore } from '../testing/render-with-shell.tsx';
import { shellApi } from './shell-api.ts';

// An endpoint of the shell API that only exercises the base query.
const probeApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, { service: 'user' | 'discovery' | 'file-storage'; url: string }>({
      query: ({ service, url }) => ({ service, url }),
    }),
  }),
});

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function signedInStore(token: string | null = 'the-access-token') {
  const test = createTestStore();
  test.store.dispatch(setTenant('acme'));
  test.store.dispatch(
    setEndPoints([{ serviceType: 'user', entrypointAddress: 'http://api.test/t/acme/user', roleType: 'r' }]),
  );
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

describe('the service base query', () => {
  test('resolves the base address by service type and carries the bearer token', async () => {
    const store = signedInStore();
    const result = await store.dispatch(
      probeApi.endpoints.probe.initiate({ service: 'user', url: 'api/users/menu' }),
    );
    expect(result.data).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe('http://api.test/t/acme/user/api/users/menu');
    expect(request.headers.get('Authorization')).toBe('Bearer the-access-token');
  });

  test('discovery calls go to the discovery URL from the config', async () => {
    const store = signedInStore();
    await store.dispatch(
      probeApi.endpoints.probe.initiate({ service: 'discovery', url: 'GetTenantContexts?tenantCodes=acme' }),
    );
    expect(fetchMock.mock.calls[0]![0].url).toBe(
      'http://localhost:3000/discovery/api/DiscoveryContext/GetTenantContexts?tenantCodes=acme',
    );
  });

  test("without a token nothing is sent and the error says 'Token Not Found !'", async () => {
    const store = signedInStore(null);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate({ service: 'user', url: 'api/x' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 'CUSTOM_ERROR', error: DISCOVERY_MESSAGES.tokenNotFound });
  });

  test('a service discovery did not return fails without a request', async () => {
    const store = signedInStore();
    const result = await store.dispatch(
      probeApi.endpoints.probe.initiate({ service: 'file-storage', url: 'api/files' }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ error: 'No address is known for the file-storage service.' });
  });

  test('keeps an unused answer for 60 s, then drops it', async () => {
    vi.useFakeTimers();
    const store = signedInStore();
    const subscription = store.dispatch(
      probeApi.endpoints.probe.initiate({ service: 'user', url: 'api/cached' }),
    );
    await subscription;
    subscription.unsubscribe();
    const cached = () =>
      probeApi.endpoints.probe.select({ service: 'user', url: 'api/cached' })(store.getState()).data;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(cached()).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cached()).toBeUndefined();
  });
});
