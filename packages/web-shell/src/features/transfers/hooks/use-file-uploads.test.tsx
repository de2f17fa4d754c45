import type { UploadedFile } from '@portico/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { setEndPoints, setTenant } from '../../../store/app-slice.ts';
import { authStateChanged } from '../../../store/client-state-slice.ts';
import { createTestStore } from '../../../testing/render-with-shell.tsx';
import { type UploadFileOptions, uploadFile } from '../api/upload-file.ts';
import { useFileUploads } from './use-file-uploads.ts';

vi.mock('../api/upload-file.ts', async (original) => ({
  ...(await original<typeof import('../api/upload-file.ts')>()),
  uploadFile: vi.fn(),
}));

const uploadMock = vi.mocked(uploadFile);
const SITE = '00000000-0000-4000-8000-000000000001';

/** Each call waits until the test settles it; an abort rejects it the way `uploadFile` does. */
function controllableUploads() {
  const calls: { options: UploadFileOptions; resolve: (file: UploadedFile) => void }[] = [];
  uploadMock.mockImplementation(
    (options) =>
      new Promise((resolve, reject) => {
        calls.push({ options, resolve });
        options.signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('Cancelled'), { code: 'ERR_CANCELED' })),
        );
      }),
  );
  return calls;
}

const uploaded = (name: string): UploadedFile => ({
  referenceNumber: 'UP-0123456789ABCDEF',
  fileName: name,
  size: 3,
  sha256: 'a'.repeat(64),
  contentType: 'application/pdf',
});

function wrapper() {
  const { store } = createTestStore();
  store.dispatch(setTenant('acme'));
  store.dispatch(
    setEndPoints([
      {
        serviceType: 'file-storage',
        entrypointAddress: 'http://api.test/t/acme/file-storage/',
        roleType: 'r',
      },
    ]),
  );
  store.dispatch(
    authStateChanged({
      isAuthenticated: true,
      idToken: null,
      accessToken: 'token',
      refreshToken: null,
      error: null,
    }),
  );
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

const file = (name: string) => new File(['abc'], name, { type: 'application/pdf' });

beforeEach(() => {
  uploadMock.mockReset();
});

describe('the file uploader', () => {
  test('sends each file to the site with the token, shows progress, then keeps its reference number', async () => {
    const calls = controllableUploads();
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useFileUploads({ siteId: SITE, onUploaded }), { wrapper: wrapper() });

    act(() => void result.current.add([file('a.pdf')]));
    expect(result.current.items[0]).toMatchObject({ fileName: 'a.pdf', status: 'uploading', percent: 0 });
    const call = calls[0]!;
    expect(call.options).toMatchObject({ baseUrl: 'http://api.test/t/acme/file-storage/', siteId: SITE });
    // Read at each request, so a refreshed token is the one sent.
    expect(call.options.getAccessToken()).toBe('token');

    act(() => call.options.onProgress?.(40));
    expect(result.current.items[0]?.percent).toBe(40);
    await act(async () => call.resolve(uploaded('a.pdf')));
    expect(result.current.items[0]).toMatchObject({ status: 'done', percent: 100 });
    expect(result.current.done.map((d) => d.uploaded.referenceNumber)).toEqual(['UP-0123456789ABCDEF']);
    expect(onUploaded).toHaveBeenCalledOnce();
  });

  test('a cancelled upload is marked Cancelled with the code ERR_CANCELED', async () => {
    controllableUploads();
    const { result } = renderHook(() => useFileUploads({ siteId: SITE }), { wrapper: wrapper() });
    let uid = '';
    act(() => {
      uid = result.current.add([file('big.pdf')])[0]!;
    });
    act(() => result.current.cancel(uid));
    await waitFor(() => expect(result.current.items[0]?.status).toBe('cancelled'));
    expect(result.current.items[0]?.error).toEqual({ code: 'ERR_CANCELED', message: 'Cancelled' });
    expect(result.current.isUploading).toBe(false);
  });

  test('runs at most `concurrency` uploads at once and starts the next when one ends', async () => {
    const calls = controllableUploads();
    const { result } = renderHook(() => useFileUploads({ siteId: SITE, concurrency: 2 }), {
      wrapper: wrapper(),
    });
    act(() => void result.current.add([file('1.pdf'), file('2.pdf'), file('3.pdf')]));
    expect(calls).toHaveLength(2);
    expect(result.current.items.map((i) => i.status)).toEqual(['uploading', 'uploading', 'queued']);

    // A queued file is cancelled without ever being sent.
    act(() => result.current.cancel(result.current.items[2]!.uid));
    expect(result.current.items[2]?.status).toBe('cancelled');
    await act(async () => calls[0]!.resolve(uploaded('1.pdf')));
    expect(calls).toHaveLength(2);
  });

  test('without a site nothing is queued', () => {
    controllableUploads();
    const { result } = renderHook(() => useFileUploads({ siteId: null }), { wrapper: wrapper() });
    act(() => void result.current.add([file('a.pdf')]));
    expect(result.current.items).toEqual([]);
    expect(result.current.canUpload).toBe(false);
  });
});
