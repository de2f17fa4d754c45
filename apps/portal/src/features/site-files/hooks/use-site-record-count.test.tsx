import { LIMITS } from '@portico/contracts';
import { createTestStore, signIn } from '@portico/web-shell/testing';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { portalDescriptor } from '../../../app/portal-descriptor.tsx';
import { useSiteRecordCount } from './use-site-record-count.ts';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    Response.json({ siteId: SITE, publishedFileCount: 3, submittedFileCount: 1, totalRecordCount: 4 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setUp() {
  const { store } = createTestStore(undefined, portalDescriptor.slices);
  signIn(store, { services: ['portal'], siteId: SITE });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, wrapper };
}

describe("the selected site's record count", () => {
  test('asks the portal service for the site and refreshes every 180,000 ms', async () => {
    const { store, wrapper } = setUp();
    const { result } = renderHook(() => useSiteRecordCount(), { wrapper });
    await vi.waitFor(() => expect(result.current.currentData?.totalRecordCount).toBe(4));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0].url).toBe(
      `http://api.test/t/acme/portal/api/sites/${SITE}/record-count`,
    );
    expect(store.getState().clientState.recordCount).toEqual({ siteId: SITE, count: 4 });

    expect(LIMITS.recordCountRefreshMs).toBe(180_000);
    await act(() => vi.advanceTimersByTimeAsync(179_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
